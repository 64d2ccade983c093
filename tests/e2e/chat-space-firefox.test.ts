/**
 * The core path of spaces in real Firefox ESR (MV2 background, storage.session there): a new
 * ChatGPT chat put in Work (the side panel's own message) sends Work's memory and Everywhere's
 * with its first message, never Home's or an isolated space's, and the chat keeps Work.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { openFixtureChat, panelAsk } from './harness/firefox-pages';
import { buildFixtures, homeUrl } from './harness/sites';
import { carried, SPACE_DRAFT, seedSpaces } from './harness/spaces';

type BrowserGlobal = {
  browser: {
    tabs: { query(q: object): Promise<{ id: number }[]> };
  };
};

let ff: FirefoxExtension;
let panel: Page;
let ask: ReturnType<typeof panelAsk>;

beforeAll(async () => {
  await buildFixtures(['chatgpt']);
  ff = await launchFirefox();
  panel = await ff.openExtensionPage('sidepanel.html');
  ask = panelAsk(panel);
});

afterAll(async () => {
  await ff?.close();
});

describe('a chat space (Firefox)', () => {
  it('a new chat put in Work gets Work and Everywhere, never Home, and keeps Work', async () => {
    const { work } = await seedSpaces(ask);
    const page = await openFixtureChat(ff, homeUrl('chatgpt'));
    const tabId = await panel.evaluate(
      async (u) => (await (globalThis as unknown as BrowserGlobal).browser.tabs.query({ url: u }))[0]?.id,
      page.url(),
    );
    expect(await ask('spaces.chooseForTab', { tabId, choice: { space: work } })).toMatchObject({
      space: work,
      by: 'choice',
    });
    await page.click(ADAPTERS.find((a) => a.id === 'chatgpt')!.selectors.composer.join(', '));
    await page.keyboard.type(SPACE_DRAFT);
    await page.keyboard.press('Enter');
    const [first] = await poll(
      () => page.evaluate(() => window.__sent.map((s) => s.text)),
      (texts) => texts.length === 1,
      15_000,
    );
    expect(carried(first!).sort()).toEqual(['everywhere', 'work']);
    const conversation = await poll(
      () => page.evaluate(() => location.pathname),
      (path) => path.startsWith('/c/'),
      10_000,
    );
    const chat = await poll(
      () => ask<{ space?: string; spaceBy?: string } | null>('chats.get', { id: `chatgpt:${conversation.slice(3)}` }),
      (c) => c !== null,
      15_000,
    );
    expect([chat?.space, chat?.spaceBy]).toEqual([work, 'choice']);
    await page.close();
  });
});
