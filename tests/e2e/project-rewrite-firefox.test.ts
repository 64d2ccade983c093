/**
 * The project rewrite in real Firefox ESR (MV2 background; `sender.tab.url` there too is the
 * page's to choose): a ChatGPT page that rewrites its own address with `history.pushState` into
 * a project the user mapped to an isolated space does not move the chat the extension already
 * stored there, and its next message carries none of that space's memories.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { Chat } from '../../lib/memory/types';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { openFixtureChat, panelAsk } from './harness/firefox-pages';
import { buildFixtures, homeUrl } from './harness/sites';

type BrowserGlobal = {
  browser: {
    tabs: { query(q: object): Promise<{ url?: string }[]> };
  };
};

const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;
const HEX = '6aaea9da2bc881918d6f9eb5177cf904';
const PROJECT = `chatgpt:g-p-${HEX}`;

let ff: FirefoxExtension;
let panel: Page;
let ask: ReturnType<typeof panelAsk>;

beforeAll(async () => {
  await buildFixtures(['chatgpt']);
  ff = await launchFirefox();
  panel = await ff.openExtensionPage('sidepanel.html');
  ask = panelAsk(panel);
  const secret = (await ask<{ id: string }>('spaces.create', { name: 'Client Z', isolated: true })).id;
  await ask('spaces.mapProject', { project: PROJECT, space: secret });
  await ask('memories.add', {
    content: 'Client Z invoices go to billing@clientz.example',
    type: 'fact',
    space: secret,
  });
});

afterAll(async () => {
  await ff?.close();
});

const sentTexts = (page: Page) => page.evaluate(() => window.__sent.map((s) => s.text));

/** Sends one message and waits for the scripted answer; returns what the page received. */
async function exchange(page: Page, text: string, n: number): Promise<string> {
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  const sent = await poll(
    () => sentTexts(page),
    (texts) => texts.length === n,
    15_000,
  );
  await poll(
    () => page.evaluate(() => window.__fixture.exchanges),
    (done) => done === n,
    15_000,
  );
  return sent[n - 1]!;
}

async function storedChat(id: string, turns: number): Promise<Chat> {
  return (await poll(
    () => ask<Chat | null>('chats.get', { id }),
    (chat) => (chat?.turns.length ?? 0) === turns,
    20_000,
  )) as Chat;
}

describe('a page rewriting its address into a mapped project (Firefox)', () => {
  it('does not move a stored chat into the project, nor give it the space’s memories', async () => {
    const page = await openFixtureChat(ff, homeUrl('chatgpt'));
    await exchange(page, 'Where should the Client Z invoices go?', 1);
    const conversation = await poll(
      () => page.evaluate(() => location.pathname),
      (path) => path.startsWith('/c/'),
      10_000,
    );
    const id = `chatgpt:${adapter.conversationId(new URL(`https://chatgpt.com${conversation}`))}`;
    const first = await storedChat(id, 2);
    expect([first.space, first.project]).toEqual([undefined, undefined]);

    const forged = `/g/g-p-${HEX}-clientz${conversation}`;
    await page.evaluate((path) => history.pushState({}, '', path), forged);
    await poll(
      () =>
        panel.evaluate(() =>
          (globalThis as unknown as BrowserGlobal).browser.tabs.query({}).then((tabs) => tabs.map((t) => t.url ?? '')),
        ),
      (urls) => urls.includes(`https://chatgpt.com${forged}`),
      10_000,
    );

    const sent = await exchange(page, 'Where should the Client Z invoices go, again?', 2);
    expect(sent).not.toContain('billing@clientz.example');
    const after = await storedChat(id, 4);
    expect([after.space, after.spaceBy, after.project]).toEqual([undefined, 'none', undefined]);
    await page.close();
  });
});
