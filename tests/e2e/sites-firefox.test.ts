/**
 * The nine chat sites in real Firefox (ESR, WebDriver BiDi) with the production build: the
 * fixture pages are served on the sites' real URLs through request interception. The core
 * path per site: the block goes out once with the first message, not with the second, and
 * the chat is captured without it. (Failure handling is browser-independent: Chromium file.)
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { BLOCK_END, marksIn, stripInjectedBlocks } from '../../lib/ranking/render';
import { replyText } from '../fixtures/sites/shared/engine';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { openFixtureChat, panelAsk } from './harness/firefox-pages';
import { sampleMemoryFile } from './harness/memory-files';
import { buildFixtures, homeUrl } from './harness/sites';

const SITES = ADAPTERS.filter((a) => !process.env.SITES || process.env.SITES.split(',').includes(a.id));
const FIRST = 'I want to buy a house in 成都 with my budget — what should I check first?';
const SECOND = 'And which districts are quiet?';

let ff: FirefoxExtension;
let panel: Page;
let ask: ReturnType<typeof panelAsk>;

beforeAll(async () => {
  await buildFixtures(SITES.map((a) => a.id));
  ff = await launchFirefox();
  panel = await ff.openExtensionPage('sidepanel.html');
  ask = panelAsk(panel);
  await ask('transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
});

afterAll(async () => {
  await ff?.close();
});

const openChat = (url: string) => openFixtureChat(ff, url);

const sent = (page: Page) => page.evaluate(() => window.__sent.map((s) => s.text));
const settled = (page: Page, n: number) =>
  poll(
    () => page.evaluate(() => [window.__fixture.exchanges, window.__fixture.generating] as const),
    ([e, g]) => e === n && !g,
    10_000,
  );

describe.each(SITES.map((a) => [a.id, a] as const))('%s in Firefox', (site, adapter) => {
  it('sends the block once with the first message, none with the second, and captures the chat', async () => {
    const page = await openChat(homeUrl(site));
    const composer = adapter.selectors.composer.join(', ');
    await page.click(composer);
    await page.keyboard.type(FIRST);
    await page.keyboard.press('Enter');
    const [first] = await poll(
      () => sent(page),
      (s) => s.length === 1,
      5000,
    );
    expect(first?.startsWith('[claude-mem ·')).toBe(true);
    expect(first?.split(FIRST)).toHaveLength(2);
    expect(stripInjectedBlocks(first!, marksIn(first!))).toBe(FIRST);
    // One blank line between the block and the text, whatever the editor made of the newlines.
    expect(first!.slice(first!.indexOf(BLOCK_END) + BLOCK_END.length)).toBe(`\n\n${FIRST}`);
    await settled(page, 1);
    await page.click(composer);
    await page.keyboard.type(SECOND);
    await page.keyboard.press('Enter');
    expect(
      (
        await poll(
          () => sent(page),
          (s) => s.length === 2,
          5000,
        )
      )[1],
    ).toBe(SECOND);
    await settled(page, 2);
    const chatId = `${site}:${adapter.conversationId(new URL(page.url()))}`;
    type Stored = { turns: { role: string; text: string }[] } | null;
    const chat = await poll(
      () => ask<Stored>('chats.get', { id: chatId }),
      (c) => c?.turns.length === 4,
      10_000,
    );
    expect(chat?.turns.map((t) => t.text)).toEqual([FIRST, replyText(1), SECOND, replyText(2)]);
    // The background kept the tab's health report (storage.session in an MV2 background).
    const tabId = await panel.evaluate(
      async (u) =>
        (
          await (
            globalThis as unknown as { browser: { tabs: { query(q: object): Promise<{ id: number }[]> } } }
          ).browser.tabs.query({ url: u })
        )[0]?.id,
      page.url(),
    );
    const health = await poll(
      () => ask<{ state: string; chatId: string | null }>('tab.health', { tabId }),
      (h) => h.chatId === chatId,
      5000,
    );
    expect(health.state).toBe('working');
    await page.close();
  });

  it('does the same when the send button is clicked', async () => {
    const page = await openChat(homeUrl(site));
    await page.click(adapter.selectors.composer.join(', '));
    await page.keyboard.type(FIRST);
    await page.click(adapter.selectors.sendButton.join(', '));
    const [first] = await poll(
      () => sent(page),
      (s) => s.length === 1,
      5000,
    );
    expect(stripInjectedBlocks(first!, marksIn(first!))).toBe(FIRST);
    expect(first?.split('[claude-mem ·')).toHaveLength(2);
    await page.close();
  });
});
