/**
 * The nine chat sites end to end in Chromium with the production build: each fixture page
 * (real editor library, scripted assistant) is served on the site's real URL. One browser
 * for the whole file; every site runs the same scenarios.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { ChatSiteAdapter } from '../../lib/adapters/types';
import { marksIn, stripInjectedBlocks } from '../../lib/ranking/render';
import { replyText } from '../fixtures/sites/shared/engine';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, breakWorker, getChat, readStore, setSiteMode } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { pageControls } from './harness/page-controls';
import { buildFixtures, FIXTURES, generating, homeUrl, sentMessages, serveFixtures } from './harness/sites';

const SITES = ADAPTERS.filter((a) => !process.env.SITES || process.env.SITES.split(',').includes(a.id));
const FIRST = 'I want to buy a house in 成都 with my budget — what should I check first?';
const SECOND = 'And which districts are quiet?';
const BLOCK_START = '[claude-mem ·';

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(SITES.map((a) => a.id));
  ext = await launchChromium();
  await serveFixtures(ext.context);
  panel = await ext.openSidePanel();
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
});

afterAll(async () => {
  await ext?.close();
});

/** A chat page whose content script has its site's switches (its controls are attached). */
async function openChat(adapter: ChatSiteAdapter, url = homeUrl(adapter.id)): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 10_000 });
  return page;
}

async function typeDraft(page: Page, adapter: ChatSiteAdapter, text: string): Promise<void> {
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(text);
}

async function waitForReply(page: Page, exchanges: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.__fixture.exchanges)).toBe(exchanges);
  await expect.poll(() => generating(page)).toBe(false);
}

const count = (text: string, part: string) => text.split(part).length - 1;

function expectBlockAndText(sent: string, text: string): void {
  expect(sent.startsWith(BLOCK_START)).toBe(true);
  expect(count(sent, BLOCK_START)).toBe(1);
  expect(count(sent, text)).toBe(1);
  expect(stripInjectedBlocks(sent, marksIn(sent))).toBe(text);
}

/** A whole chat in auto mode: the block goes out once, and the stored chat is the clean text. */
async function chatAndCapture(adapter: ChatSiteAdapter, url: string): Promise<void> {
  const site = adapter.id;
  await setSiteMode(panel, site, 'auto');
  const page = await openChat(adapter, url);
  await typeDraft(page, adapter, FIRST);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
  expectBlockAndText((await sentMessages(page))[0]!.text, FIRST);
  await waitForReply(page, 1);
  await typeDraft(page, adapter, SECOND);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length).toBe(2);
  expect((await sentMessages(page))[1]!.text).toBe(SECOND);
  await waitForReply(page, 2);

  const conversation = adapter.conversationId(new URL(page.url()));
  expect(conversation).not.toBeNull();
  const chatId = `${site}:${conversation}`;
  await expect.poll(async () => (await getChat(panel, chatId))?.turns.length ?? 0, { timeout: 8000 }).toBe(4);
  const chat = await getChat(panel, chatId);
  expect(chat?.turns.map((t) => [t.role, t.text])).toEqual([
    ['user', FIRST],
    ['assistant', replyText(1)],
    ['user', SECOND],
    ['assistant', replyText(2)],
  ]);
  // The sent block is in the audit log, under this chat.
  const injections = await readStore<{ chatId: string | null; site: string }>(panel, 'injections');
  expect(injections.filter((i) => i.chatId === chatId)).toHaveLength(1);
  await page.close();
}

describe.each(SITES.map((a) => [a.id, a] as const))('%s', (site, adapter) => {
  it('auto: Enter sends block + text once, the second message goes without, the chat is captured', async () => {
    await chatAndCapture(adapter, homeUrl(site));
  });

  it('auto: clicking the send button works the same as Enter', async () => {
    const page = await openChat(adapter);
    await typeDraft(page, adapter, FIRST);
    await page.click(adapter.selectors.sendButton.join(', '));
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    const [sent] = await sentMessages(page);
    expect(sent?.via).toBe('click');
    expectBlockAndText(sent!.text, FIRST);
    await page.close();
  });

  it('off: nothing is injected', async () => {
    await setSiteMode(panel, site, 'off');
    const page = await openChat(adapter);
    await typeDraft(page, adapter, FIRST);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    expect((await sentMessages(page))[0]!.text).toBe(FIRST);
    await page.close();
  });

  it('manual: the button inserts the block without sending', async () => {
    await setSiteMode(panel, site, 'manual');
    const page = await openChat(adapter);
    // The controls sit in a closed shadow root: the test reaches them through the content script.
    const controls = await pageControls(page, ext.extensionId);
    await expect.poll(async () => (await controls.state()).insert !== null, { timeout: 10_000 }).toBe(true);
    await typeDraft(page, adapter, FIRST);
    await controls.click('insert');
    await expect.poll(async () => (await controls.state()).status, { timeout: 5000 }).toBe('Memories inserted.');
    await controls.detach();
    expect(await sentMessages(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    expectBlockAndText((await sentMessages(page))[0]!.text, FIRST);
    await setSiteMode(panel, site, 'auto');
    await page.close();
  });

  it.each(['throw', 'hang', 'stopped'] as const)('background %s: the original text goes out, once', async (how) => {
    const page = await openChat(adapter);
    await breakWorker(ext, how === 'throw' ? 'throw' : 'hang');
    await typeDraft(page, adapter, FIRST);
    await page.keyboard.press('Enter');
    if (how === 'stopped') await ext.stopServiceWorker();
    // How fast it goes out is measured by `npm run bench:send`, not asserted here.
    await expect.poll(async () => (await sentMessages(page)).length).toBe(1);
    const [sent] = await sentMessages(page);
    // A request the stopped worker dropped is asked again: a fresh worker may still answer in time.
    if (how === 'stopped') expect(stripInjectedBlocks(sent!.text, marksIn(sent!.text))).toBe(FIRST);
    else expect(sent!.text).toBe(FIRST);
    // The page answered that one message and nothing else was sent meanwhile.
    await waitForReply(page, 1);
    expect(await sentMessages(page)).toHaveLength(1);
    await ext.stopServiceWorker(); // a fresh worker for the next test
    await page.close();
  });
});

// The Chinese UI of every site that has one (fixture index.zh.html), and ChatGPT's old host.
const ZH = SITES.filter((a) => existsSync(join(FIXTURES, a.id, 'index.zh.html')));

describe.each(ZH.map((a) => [a.id, a] as const))('%s in its Chinese UI', (site, adapter) => {
  it('auto: the block goes out once and the chat is captured as clean text', async () => {
    await chatAndCapture(adapter, `${homeUrl(site)}?hl=zh-CN`);
  });
});

describe.runIf(SITES.some((a) => a.id === 'chatgpt'))('chat.openai.com', () => {
  it('auto: works on the old host as on chatgpt.com', async () => {
    await chatAndCapture(ADAPTERS.find((a) => a.id === 'chatgpt')!, 'https://chat.openai.com/');
  });
});

describe.runIf(SITES.some((a) => a.id === 'gemini'))('reading problems', () => {
  it('a screen-reader label the site stops marking is reported for This tab the moment it happens', async () => {
    const adapter = ADAPTERS.find((a) => a.id === 'gemini')!;
    await setSiteMode(panel, 'gemini', 'auto');
    const page = await openChat(adapter);
    await typeDraft(page, adapter, FIRST);
    await page.keyboard.press('Enter');
    await waitForReply(page, 1);
    const tabId = await panel.evaluate(
      async (u) => (await (globalThis as unknown as TabsApi).chrome.tabs.query({ url: u }))[0]?.id ?? null,
      page.url(),
    );
    type Health = { state: string; problems?: string[] };
    await expect.poll(async () => (await ask<Health>(panel, 'tab.health', { tabId })).state).toBe('working');
    // The site renames its hidden-label class: "You said" now reads as part of the question.
    await page.evaluate(() => {
      for (const label of document.querySelectorAll('.screen-reader-user-query-label')) label.className = 'q-label-x1';
    });
    await expect
      .poll(async () => ask<Health>(panel, 'tab.health', { tabId }), { timeout: 8000 })
      .toEqual(expect.objectContaining({ state: 'reading_problems', problems: ['label_in_text'] }));
    await page.close();
  });
});

interface TabsApi {
  chrome: { tabs: { query(q: { url: string }): Promise<{ id?: number }[]> } };
}
