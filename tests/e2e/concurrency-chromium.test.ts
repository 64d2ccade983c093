/**
 * 100 chats captured concurrently across tabs, in real Chromium with the production
 * build. Ten tabs on the chat-site fixtures (all nine sites, chatgpt twice) run at the same time;
 * each tab holds ten conversations one after the other, typed into the real editor and answered
 * by the fixture's scripted assistant, so every capture goes through the real content script and
 * the real background while nine other tabs are capturing too. The first message of each chat
 * goes out with the injected memory block (auto mode). Afterwards every chat is read back from
 * the store: each must hold exactly its own turns, in order, once, and no injected block.
 *
 * Shortcut (for 2 cores): two exchanges per chat and a fast scripted assistant (10 ms per
 * word instead of 40). A tab moves on to its next chat once the store holds the finished one:
 * leaving a chat less than the capture's settle time after its last answer is a different
 * question (what a user who leaves at once may lose) that this test does not ask.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { ChatSiteAdapter } from '../../lib/adapters/types';
import type { Chat } from '../../lib/memory/types';
import { SITE_IDS, type SiteId } from '../../lib/sites/ids';
import { replyText } from '../fixtures/sites/shared/engine';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, getChat } from './harness/extension-calls';
import { sampleMemoryFile } from './harness/memory-files';
import { buildFixtures, generating, homeUrl, sentMessages, serveFixtures } from './harness/sites';

/** Every site once, and ChatGPT twice: ten tabs. */
const TAB_SITES: SiteId[] = [...SITE_IDS, 'chatgpt'];
const CHATS_PER_TAB = 10;
const EXCHANGES = 2;
const BLOCK_START = '[claude-mem ·';

const figures = {
  tabs: 0,
  chats: 0,
  turns: 0,
  blocksSent: 0,
  duplicates: 0,
  outOfOrder: 0,
  missing: 0,
  withBlock: 0,
  seconds: 0,
};

interface Expected {
  chatId: string;
  turns: [string, string][];
}

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures([...new Set(TAB_SITES)]);
  ext = await launchChromium();
  await serveFixtures(ext.context);
  panel = await ext.openSidePanel();
  // Memories to inject, so the first message of each chat carries a block the capture must strip.
  await ask(panel, 'transfer.import', { text: JSON.stringify(sampleMemoryFile()) });
});

afterAll(async () => {
  console.info(
    `concurrent capture: ${figures.tabs} tabs, ${figures.chats} chats, ${figures.turns} turns stored in ${figures.seconds}s ` +
      `(${figures.blocksSent} first messages sent with a block); duplicates ${figures.duplicates}, ` +
      `out of order ${figures.outOfOrder}, missing ${figures.missing}, blocks left in stored turns ${figures.withBlock}`,
  );
  await ext?.close();
});

const adapterOf = (site: SiteId) => ADAPTERS.find((a) => a.id === site)!;

async function exchange(page: Page, adapter: ChatSiteAdapter, text: string, n: number): Promise<void> {
  await page.click(adapter.selectors.composer.join(', '));
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 20_000 }).toBe(n);
  await expect.poll(() => page.evaluate(() => window.__fixture.exchanges), { timeout: 20_000 }).toBe(n);
  await expect.poll(() => generating(page), { timeout: 20_000 }).toBe(false);
}

/** One tab: ten chats in a row, each new chat a fresh load of the site's new-chat page. */
async function runTab(tab: number, site: SiteId): Promise<Expected[]> {
  const adapter = adapterOf(site);
  const page = await ext.context.newPage();
  const done: Expected[] = [];
  for (let k = 0; k < CHATS_PER_TAB; k++) {
    await page.goto(homeUrl(site));
    await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
    await page.evaluate(() => {
      window.__fixture.replyMs = 10;
    });
    const turns: [string, string][] = [];
    for (let n = 1; n <= EXCHANGES; n++) {
      const text = `Tab ${tab} chat ${k} message ${n}: my budget for 成都 is ¥2,850,000.00?`;
      await exchange(page, adapter, text, n);
      turns.push(['user', text], ['assistant', replyText(n)]);
    }
    const [first] = await sentMessages(page);
    if (first?.text.startsWith(BLOCK_START)) figures.blocksSent++;
    const conversation = adapter.conversationId(new URL(page.url()));
    expect(conversation, `${site} tab ${tab} chat ${k} has an id`).not.toBeNull();
    const chatId = `${site}:${conversation}`;
    await expect
      .poll(async () => (await getChat(panel, chatId))?.turns.length ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(turns.length);
    done.push({ chatId, turns });
  }
  await page.close();
  return done;
}

describe('100 chats captured concurrently across tabs (Chromium)', () => {
  it('stores every turn once, in order, without the injected block', { timeout: 600_000 }, async () => {
    const started = performance.now();
    figures.tabs = TAB_SITES.length;
    const expected = (await Promise.all(TAB_SITES.map((site, tab) => runTab(tab, site)))).flat();
    figures.seconds = Math.round((performance.now() - started) / 1000);
    expect(new Set(expected.map((e) => e.chatId)).size).toBe(TAB_SITES.length * CHATS_PER_TAB);

    // Late captures land: wait until the store holds as many turns as were typed (more would
    // be duplicates, which the checks below report), then read everything back.
    const storedTurns = async () =>
      (await ask<{ turns: number }[]>(panel, 'chats.list')).reduce((n, chat) => n + chat.turns, 0);
    await expect.poll(storedTurns, { timeout: 30_000 }).toBeGreaterThanOrEqual(expected.length * EXCHANGES * 2);
    const summaries = await ask<{ id: string }[]>(panel, 'chats.list');
    const stored = new Map<string, Chat>();
    for (const { id } of summaries) {
      const chat = await getChat(panel, id);
      if (chat) stored.set(id, chat);
    }
    figures.chats = stored.size;

    // Where each expected turn text occurs across the whole store.
    const occurrences = new Map<string, number>();
    for (const chat of stored.values()) {
      figures.turns += chat.turns.length;
      for (const t of chat.turns) {
        if (t.text.includes(BLOCK_START)) figures.withBlock++;
        if (t.role === 'user') occurrences.set(t.text, (occurrences.get(t.text) ?? 0) + 1);
      }
    }
    for (const e of expected) {
      const chat = stored.get(e.chatId);
      const got = (chat?.turns ?? []).map((t) => [t.role, t.text] as [string, string]);
      for (const [role, text] of e.turns) {
        const n =
          role === 'user' ? (occurrences.get(text) ?? 0) : got.filter(([r, x]) => r === role && x === text).length;
        if (n === 0) figures.missing++;
        if (n > 1) figures.duplicates += n - 1;
      }
      const sameSet =
        got.length === e.turns.length && e.turns.every(([r, x]) => got.some(([gr, gx]) => gr === r && gx === x));
      if (sameSet && JSON.stringify(got) !== JSON.stringify(e.turns)) figures.outOfOrder++;
      expect(got, e.chatId).toEqual(e.turns);
    }
    // Nothing else was stored: no chat split in two, no stray copy under another id.
    expect(stored.size).toBe(expected.length);
    expect(figures.turns).toBe(expected.length * EXCHANGES * 2);
    expect(figures.withBlock).toBe(0);
    expect(figures.duplicates + figures.outOfOrder + figures.missing).toBe(0);
  });
});
