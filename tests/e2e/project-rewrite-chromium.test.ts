/**
 * A ChatGPT page (the fixture on chatgpt.com) rewriting its own address with
 * `history.pushState` into a project the user mapped to an isolated space, to move a chat the
 * extension already stored there: the browser reports the rewritten address for the tab (so the
 * address alone proves nothing), and the chat keeps the project of its first reading: it stays
 * in no space, and its next message carries none of the isolated space's memories. A new chat
 * started in the project is still in the space.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { Chat } from '../../lib/memory/types';
import type { ExtensionBrowser } from './harness/chromium';
import { ask, getChat } from './harness/extension-calls';
import { generating, homeUrl, openOnSites, sentMessages } from './harness/sites';

const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;
const HEX = '6aaea9da2bc881918d6f9eb5177cf904';
const PROJECT = `chatgpt:g-p-${HEX}`;

/** The tabs API as an extension page sees it. */
declare const chrome: { tabs: { query(q: object): Promise<{ url?: string }[]> } };

let ext: ExtensionBrowser;
let panel: Page;
let secret: string;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
  secret = (await ask<{ id: string }>(panel, 'spaces.create', { name: 'Client Z', isolated: true })).id;
  await ask(panel, 'spaces.mapProject', { project: PROJECT, space: secret });
  await ask(panel, 'memories.add', {
    content: 'Client Z invoices go to billing@clientz.example',
    type: 'fact',
    space: secret,
  });
});

afterAll(async () => {
  await ext?.close();
});

async function openChat(url: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  return page;
}

/** Sends one message and waits for the scripted answer; returns what the page received. */
async function exchange(page: Page, text: string, n: number): Promise<string> {
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(n);
  await expect.poll(() => page.evaluate(() => window.__fixture.exchanges)).toBe(n);
  await expect.poll(() => generating(page)).toBe(false);
  return (await sentMessages(page))[n - 1]!.text;
}

async function storedChat(id: string, turns: number): Promise<Chat> {
  await expect.poll(async () => (await getChat(panel, id))?.turns.length ?? 0, { timeout: 20_000 }).toBe(turns);
  return (await getChat(panel, id)) as Chat;
}

/** The addresses the browser reports for its tabs (what `sender.tab.url` is made of). */
const tabUrls = () => panel.evaluate(() => chrome.tabs.query({}).then((tabs) => tabs.map((t) => t.url ?? '')));

describe('a page rewriting its address into a mapped project (Chromium)', () => {
  it('does not move a stored chat into the project, nor give it the space’s memories', async () => {
    const page = await openChat(homeUrl('chatgpt'));
    await exchange(page, 'Where should the Client Z invoices go?', 1);
    const conversation = adapter.conversationId(new URL(page.url()))!;
    const id = `chatgpt:${conversation}`;
    const first = await storedChat(id, 2);
    expect([first.space, first.project]).toEqual([undefined, undefined]);

    const forged = `/g/g-p-${HEX}-clientz/c/${conversation}`;
    await page.evaluate((path) => history.pushState({}, '', path), forged);
    // The browser reports the rewritten address: the tab's URL is the page's to choose.
    await expect.poll(tabUrls).toContain(`https://chatgpt.com${forged}`);

    const sent = await exchange(page, 'Where should the Client Z invoices go, again?', 2);
    expect(sent).not.toContain('billing@clientz.example');
    const after = await storedChat(id, 4);
    expect([after.space, after.spaceBy, after.project]).toEqual([undefined, 'none', undefined]);
    await page.close();
  });

  it('a new chat started in the project is in its space', async () => {
    const page = await openChat(`https://chatgpt.com/g/g-p-${HEX}-clientz/project`);
    const sent = await exchange(page, 'Where should the Client Z invoices go?', 1);
    expect(sent).toContain('billing@clientz.example');
    const id = `chatgpt:${adapter.conversationId(new URL(page.url()))}`;
    const chat = await storedChat(id, 2);
    expect([chat.space, chat.project]).toEqual([secret, PROJECT]);
    await page.close();
  });
});
