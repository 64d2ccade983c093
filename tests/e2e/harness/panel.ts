/** Side-panel helpers shared by the sidepanel-* end-to-end tests. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './chromium';
import { freshDir, SCREENSHOTS } from './paths';
import { type SampleStore, sampleStore } from './sample-store';
import { putRows } from './seed';

const PANEL_WIDTH = 360;

/** Serves a minimal chat page on the real ChatGPT URL; every other request is refused. */
export async function routeChatSite(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('https://chatgpt.com/'))
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>ChatGPT</title><main><textarea id="prompt-textarea"></textarea></main>',
      });
    return url.startsWith('chrome-extension://') ? route.continue() : route.abort();
  });
}

export async function openPanel(ext: ExtensionBrowser): Promise<Page> {
  const panel = await ext.openSidePanel();
  await panel.setViewportSize({ width: PANEL_WIDTH, height: 760 });
  await panel.getByRole('tablist', { name: /Views|视图/ }).waitFor();
  return panel;
}

/**
 * Chromium with the build and its side panel open for the tests of one describe block:
 * launched before them, handed to `ready` (which keeps the page and may seed the store),
 * closed after them.
 */
export function withPanel(ready: (panel: Page, ext: ExtensionBrowser) => Promise<void> | void): void {
  let ext: ExtensionBrowser | undefined;
  beforeAll(async () => {
    ext = await launchChromium();
    await ready(await openPanel(ext), ext);
  });
  afterAll(async () => {
    await ext?.close();
  });
}

/** The first view's tab (Memories), named in both languages. */
export const FIRST_TAB = /^(Memories|记忆)$/;

/**
 * Opens a view by its id (entrypoints/sidepanel/views/registry.ts), wherever its tab is: in the
 * top row, or in the second row of the group tab that lists it in `data-views` (Activity holds
 * Queue, Log and Insights).
 */
export async function openView(panel: Page, id: string): Promise<void> {
  const group = panel.locator(`[role="tab"][data-views~="${id}"]`);
  if ((await group.count()) > 0) await group.click();
  await panel.locator(`[role="tab"][data-tab="${id}"]`).click();
  await panel.locator(`#view-${id}`).waitFor();
}

/** Opens the Memories view's "More actions" menu if it is closed, then clicks the action named `name`. */
export async function memoriesAction(panel: Page, name: string | RegExp): Promise<void> {
  await openMoreActions(panel);
  await panel
    .locator('.action-menu .menu-items')
    .getByRole('button', { name, exact: typeof name === 'string' })
    .click();
}

/** Opens the Memories view's "More actions" menu (import, export, bring in, keywords, tidy up). */
export async function openMoreActions(panel: Page): Promise<void> {
  const menu = panel.locator('#view-memories .action-menu');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
}

/** Unfolds the one-line card titled `title` (an offer such as Add search keywords) and returns it. */
export async function unfoldCard(panel: Page, title: string | RegExp): Promise<Locator> {
  const card = panel.getByRole('region', { name: title });
  const head = card.locator('.fold-head button');
  if ((await head.getAttribute('aria-expanded')) === 'false') await head.click();
  return card;
}

/** The views' ids in tab order, a group's views in its place (entrypoints/sidepanel/views/registry.ts). */
function viewIds(panel: Page): Promise<string[]> {
  return panel
    .locator('.tab-nav:not(.sub-nav) [role="tab"]')
    .evaluateAll((tabs) =>
      tabs.flatMap((tab) => (tab.getAttribute('data-views') ?? tab.getAttribute('data-tab') ?? '').split(' ')),
    );
}

/**
 * Opens every view in turn in a populated state (a draft previewed on This tab, the first
 * Activity entry expanded) and hands it to `visit`: what the screenshot and accessibility
 * walks both need to see.
 */
export async function eachView(panel: Page, visit: (id: string) => Promise<void>): Promise<void> {
  for (const id of await viewIds(panel)) {
    await openView(panel, id);
    if (id === 'tab') {
      await panel.getByLabel(/Draft|草稿/).fill('帮我写一个 FastAPI 的鉴权中间件');
      await panel.getByRole('list', { name: /Memories for this message|本条消息的记忆/ }).waitFor();
    }
    if (id === 'activity') await panel.locator('.entry-head').first().click();
    await visit(id);
  }
}

export function writeJson(name: string, data: unknown): string {
  const file = join(freshDir('panel'), name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

/** Imports the sample memories through the panel, then writes the rest of the store directly. */
export async function loadSampleStore(panel: Page, store: SampleStore = sampleStore()): Promise<SampleStore> {
  await panel.getByRole('tab', { name: /Memories|记忆/ }).click();
  await panel.getByLabel(/Import memories|导入记忆/).setInputFiles(writeJson('sample.json', store.file));
  await panel
    .getByRole('status')
    .filter({ hasText: /added|新增/ })
    .waitFor();
  await putRows(panel, 'jobs', store.jobs);
  await putRows(panel, 'injections', store.injections);
  await putRows(panel, 'usage', store.usage);
  await panel.reload();
  await panel.getByRole('list', { name: /Memories|记忆/ }).waitFor();
  return store;
}

/** Settings' sections, as the row above them names them (entrypoints/sidepanel/models/settings-sections.ts). */
export type SettingsSection = 'connection' | 'sites' | 'capture' | 'language' | 'data' | 'sync' | 'desktop';

/** Opens Settings (in either language) and the section `section` in it. */
export async function openSettings(panel: Page, section: SettingsSection = 'connection'): Promise<void> {
  await panel.getByRole('tab', { name: /^(Settings|设置)$/ }).click();
  const button = panel.locator(`.settings-nav [data-section="${section}"]`);
  await button.click();
  await panel.locator(`.settings-nav [data-section="${section}"][aria-current="true"]`).waitFor();
}

/** Opens the line of the site named `site` in Settings → Sites (its button says where its past chats stand), showing the rest of its choices. */
export async function openSiteRow(panel: Page, site: string): Promise<void> {
  const toggle = panel.getByRole('button', { name: new RegExp(`^(More for ${site}:|${site} 的更多设置：)`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Presses Save settings (the one way Settings saves) and waits until it says so. */
export async function saveSettings(panel: Page): Promise<void> {
  await panel.getByRole('button', { name: /^(Save settings|保存设置)$/ }).click();
  await panel
    .getByRole('status')
    .filter({ hasText: /^(Settings saved\.|设置已保存。)$/ })
    .waitFor();
}

/** The panel's language, chosen and saved as a user does (Settings → Language, Save settings). */
export async function setLanguage(panel: Page, lang: 'en' | 'zh'): Promise<void> {
  await openSettings(panel, 'language');
  await panel.getByLabel(/Panel language|面板语言/).selectOption(lang);
  await panel.getByRole('tab', { name: lang === 'zh' ? '设置' : 'Settings' }).waitFor();
  const save = panel.getByRole('button', { name: /^(Save settings|保存设置)$/ });
  // Already the saved language: nothing to save.
  if (await save.isEnabled()) await saveSettings(panel);
}

export async function shot(panel: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await panel.evaluate(() => document.fonts.ready);
  // A viewport as tall as the page: no scrollbar eats into the 360 px, and the virtualised
  // list renders every row the picture shows.
  const height = await panel.evaluate(() => document.documentElement.scrollHeight);
  await panel.setViewportSize({ width: PANEL_WIDTH, height: Math.min(4000, Math.max(760, height)) });
  await panel.waitForTimeout(150);
  await panel.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  // Long pages also get their first screenful at full size, as the panel shows it.
  if (height > 1200)
    await panel.screenshot({
      path: join(SCREENSHOTS, `${name}-top.png`),
      clip: { x: 0, y: 0, width: PANEL_WIDTH, height: 760 },
    });
  await panel.setViewportSize({ width: PANEL_WIDTH, height: 760 });
}

/** Types `text` into Chats search and returns the titles found, once they belong to this query. */
export async function searchChats(panel: Page, text: string): Promise<string[]> {
  const box = panel.getByRole('searchbox', { name: 'Search chats' });
  await box.fill(text);
  const status = panel.locator('#view-chats [role="status"]');
  await expect.poll(() => status.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  // Wait until the results belong to this query (the search runs 150 ms after typing).
  await panel.waitForTimeout(400);
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/found|No chat/);
  return panel.locator('.chat-result .chat-row-title').allTextContents();
}
