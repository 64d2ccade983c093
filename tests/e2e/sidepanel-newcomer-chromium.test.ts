/**
 * The panel as a newcomer meets it, at 320, 360 and 480 px in English and Chinese, with real
 * data (the sample memories, spaces, a real ChatGPT export and a past-chat preview on This
 * tab): in every view and every Settings section (a site's "More" open, the Memories menu
 * open) no button or tab label breaks inside a word, no control is cut, nothing runs past the
 * right edge, axe finds nothing serious; This tab's preview starts in the top third. Each
 * state is saved under tests/e2e/screenshots/newcomer/ to be looked at.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { audit, describeViolations } from './harness/axe';
import type { ExtensionBrowser } from './harness/chromium';
import { ask } from './harness/extension-calls';
import { measureFit, settledFit } from './harness/label-fit';
import {
  loadSampleStore,
  openMoreActions,
  openSettings,
  openSiteRow,
  openView,
  type SettingsSection,
  setLanguage,
} from './harness/panel';
import { SCREENSHOTS } from './harness/paths';
import { homeUrl, openOnSites } from './harness/sites';
import { seedSpaces } from './harness/spaces';

const WIDTHS = [320, 360, 480] as const;
const HEIGHT = 760;
const EXPORT = resolve(
  import.meta.dirname,
  '../../../shared/samples/chat-exports/chatgpt-librechat-fixtures/chatgpt-export.json',
);
/** A draft that matches sample memories (FastAPI, the billing migration) and the export's fuel chat. */
const DRAFT = 'FastAPI billing service: what was the fuel consumption of the VW Transporter?';
const SECTIONS: readonly SettingsSection[] = ['connection', 'sites', 'capture', 'language', 'data', 'sync', 'desktop'];
const OUT = join(SCREENSHOTS, 'newcomer');

let ext: ExtensionBrowser;
let panel: Page;

/** What a state shows wrong: its fit problems and axe's serious or critical findings. */
async function check(where: string): Promise<string[]> {
  await expect.poll(() => panel.getByText(/^(Loading…|加载中…)$/).count()).toBe(0);
  await panel.evaluate(() => document.fonts.ready);
  const fit = await settledFit(panel);
  expect(fit.measured, `${where}: measured nothing`).toBeGreaterThan(3);
  const serious = (await audit(panel)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // As tall as the page: no scrollbar takes from the width, every row is drawn.
  const { width } = panel.viewportSize()!;
  const height = await panel.evaluate(() => document.documentElement.scrollHeight);
  await panel.setViewportSize({ width, height: Math.min(4000, Math.max(HEIGHT, height)) });
  await panel.waitForTimeout(100);
  await panel.screenshot({ path: join(OUT, `${where}.png`) });
  await panel.setViewportSize({ width, height: HEIGHT });
  return [...fit.problems.map((p) => `${where}: ${p}`), ...describeViolations(where, serious)];
}

/** Every state a newcomer opens, each checked; returns every problem found. */
async function walk(lang: 'en' | 'zh', width: number): Promise<string[]> {
  const at = `${lang}-${width}`;
  const found: string[] = [];
  await openView(panel, 'memories');
  found.push(...(await check(`memories-${at}`)));
  await openMoreActions(panel);
  found.push(...(await check(`memories-menu-${at}`)));
  await panel.keyboard.press('Escape');
  await openView(panel, 'tab');
  const first = panel.getByRole('list', { name: /Memories for this message|本条消息的记忆/ }).getByRole('listitem');
  await first.first().waitFor({ timeout: 15_000 });
  await panel.getByRole('region', { name: /From your past chats|来自你以前的对话/ }).waitFor({ timeout: 15_000 });
  await panel.evaluate(() => window.scrollTo(0, 0));
  const box = await first.first().boundingBox();
  expect(box, `${at}: the preview's first item`).not.toBeNull();
  if (box!.y > HEIGHT / 3) found.push(`tab-${at}: the preview's first item is at y=${Math.round(box!.y)}`);
  console.info(`[newcomer] ${at}: This tab's first previewed item at y=${Math.round(box!.y)} of ${HEIGHT}`);
  found.push(...(await check(`tab-${at}`)));
  for (const id of ['chats', 'activity', 'queue', 'insights']) {
    await openView(panel, id);
    found.push(...(await check(`${id}-${at}`)));
  }
  for (const section of SECTIONS) {
    await openSettings(panel, section);
    if (section === 'sites') await openSiteRow(panel, 'ChatGPT');
    found.push(...(await check(`settings-${section}-${at}`)));
  }
  // Two states a newcomer meets in Settings: the Custom provider picked, with changes unsaved.
  await openSettings(panel, 'connection');
  const provider = panel.getByLabel(/^(Provider|服务商)$/);
  await provider.selectOption('custom');
  await panel.getByText(/^(Unsaved changes|有未保存的更改)/).waitFor();
  found.push(...(await check(`settings-custom-unsaved-${at}`)));
  await panel.getByRole('button', { name: /^(Discard changes|放弃更改)$/ }).click();
  return found;
}

describe.runIf(existsSync(EXPORT))('the panel a newcomer meets (Chromium, 320–480 px, en and zh)', () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    ({ ext, panel } = await openOnSites(['chatgpt']));
    await panel.setViewportSize({ width: 360, height: HEIGHT });
    await panel.getByRole('tablist', { name: /Views|视图/ }).waitFor();
    await loadSampleStore(panel);
    await seedSpaces((type, payload) => ask(panel, type, payload));
    await openView(panel, 'chats');
    await panel.getByLabel('Bring in chat history').setInputFiles(EXPORT);
    await panel
      .getByText(/Brought in 2 new/)
      .first()
      .waitFor({ timeout: 20_000 });
    const { settings } = await ask<{ settings: { sites: Record<string, { pastChats: string }> } }>(
      panel,
      'settings.get',
    );
    settings.sites.chatgpt!.pastChats = 'this-site';
    await ask(panel, 'settings.set', { settings });
    // A chat page with a draft: This tab previews what its next message would carry.
    const page = await ext.context.newPage();
    await page.goto(homeUrl('chatgpt'));
    await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
    await page.click(ADAPTERS.find((a) => a.id === 'chatgpt')!.selectors.composer.join(', '));
    await page.keyboard.type(DRAFT);
    await panel.bringToFront();
    await panel.reload();
    await panel.getByRole('tablist', { name: /Views|视图/ }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await ext?.close();
  });

  it('the measure itself sees a label broken inside a word, a cut select and a squeezed box', async () => {
    await openView(panel, 'memories');
    await panel.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'fit-probe';
      probe.innerHTML =
        '<button style="width:40px;word-break:break-all">Restore</button>' +
        '<select style="width:60px"><option>As for all sites</option></select>' +
        '<label style="display:flex;width:30px"><input type="checkbox" style="flex:1 1 0;min-width:0;width:2px">Include chat history</label>';
      document.querySelector('main')!.prepend(probe);
    });
    const { problems } = await measureFit(panel);
    await panel.evaluate(() => document.getElementById('fit-probe')!.remove());
    expect(problems.some((p) => p.includes('the word "Restore" breaks'))).toBe(true);
    expect(problems.some((p) => p.includes('select "As for all sites": cut'))).toBe(true);
    expect(problems.some((p) => p.includes('its box is squeezed'))).toBe(true);
  });

  for (const lang of ['en', 'zh'] as const)
    it(`${lang}: no label breaks inside a word, nothing is cut, the preview comes first, axe finds nothing serious`, async () => {
      await setLanguage(panel, lang);
      const found: string[] = [];
      for (const width of WIDTHS) {
        await panel.setViewportSize({ width, height: HEIGHT });
        found.push(...(await walk(lang, width)));
      }
      for (const line of found) console.log(line);
      expect(found).toEqual([]);
    }, 600_000);
});
