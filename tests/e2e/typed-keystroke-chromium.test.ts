/**
 * A page writing its own words into the composer during one of the user's real keystrokes
 * (its `beforeinput` listener calling `document.execCommand('insertText')`, which Chromium
 * runs with a trusted `input` and no `beforeinput` of its own). Those words went out with the
 * message, but no block is ranked for them and the send is not counted as typed here; the
 * same words typed by the user get their block and their send. Three editors: ProseMirror
 * (ChatGPT), a textarea (DeepSeek) and Lexical (Kimi), each the real library on the real URL.
 * The user's other real input kinds (an IME composition over CDP, a clipboard paste) still count.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { Chat } from '../../lib/memory/types';
import { marksIn, stripInjectedBlocks } from '../../lib/ranking/render';
import type { SiteId } from '../../lib/sites/ids';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore, setSiteMode } from './harness/extension-calls';
import { buildFixtures, generating, homeUrl, sentMessages, serveFixtures } from './harness/sites';

const SITES: readonly SiteId[] = ['chatgpt', 'deepseek', 'kimi'];
const SALARY = 'Salary 95,000 EUR a year at employer Northwind';
const PAGE_WORDS = 'salary employer';
const USER = 'quick question';

let ext: ExtensionBrowser;
let panel: Page;

function memoryFile() {
  return {
    format: 'claude-mem.memories',
    version: 1,
    exportedAt: '2026-11-01T08:00:00.000Z',
    memories: [
      {
        id: 'm-salary',
        content: SALARY,
        type: 'fact',
        importance: 4,
        tags: ['salary', 'employer', 'northwind'],
        status: 'active',
        scope: 'global',
        pinned: false,
        note: '',
        createdAt: '2026-10-01T09:30:00.000Z',
        updatedAt: '2026-10-01T09:30:00.000Z',
        lastHitAt: null,
        hitCount: 0,
        supersededBy: null,
        source: { site: 'chatgpt', url: 'https://chatgpt.com/c/x', chatId: 'chatgpt:x' },
      },
    ],
  };
}

beforeAll(async () => {
  await buildFixtures([...SITES]);
  ext = await launchChromium();
  await serveFixtures(ext.context);
  panel = await ext.openSidePanel();
  await ask(panel, 'transfer.import', { text: JSON.stringify(memoryFile()) });
  for (const site of SITES) await setSiteMode(panel, site, 'auto');
});

afterAll(async () => {
  await ext?.close();
});

type Input = (page: Page, text: string) => Promise<void>;
const typeKeys: Input = (page, text) => page.keyboard.type(text);

/** An IME composing the text in two updates, then committing it (Chromium's own IME path, over CDP). */
const compose: Input = async (page, text) => {
  const cdp = await page.context().newCDPSession(page);
  const half = text.slice(0, Math.ceil(text.length / 2));
  await cdp.send('Input.imeSetComposition', { text: half, selectionStart: half.length, selectionEnd: half.length });
  await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
  await cdp.send('Input.insertText', { text });
  await cdp.detach();
};

/** A real paste from the clipboard (Ctrl+V). */
const paste: Input = async (page, text) => {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+V');
};

/**
 * Types `typed` and sends it; with `pageWrites`, the page adds its words during the last key.
 * Another `input` puts in what follows the marker word (typed first).
 */
async function send(
  site: SiteId,
  typed: string,
  pageWrites: boolean,
  marker: string,
  input: Input = typeKeys,
): Promise<{ sent: string; chat: Chat }> {
  const adapter = ADAPTERS.find((a) => a.id === site)!;
  const page = await ext.context.newPage();
  await page.goto(homeUrl(site));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  const selector = adapter.selectors.composer.join(', ');
  if (pageWrites) {
    const last = typed.at(-1)!;
    await page.evaluate(
      ([sel, key, words]) => {
        const box = document.querySelector(sel)!;
        let done = false;
        box.addEventListener('beforeinput', (e) => {
          if (!(e as InputEvent).isTrusted || (e as InputEvent).data !== key || done) return;
          done = true;
          document.execCommand('insertText', false, ` ${words} `);
        });
      },
      [selector, last, PAGE_WORDS] as const,
    );
  }
  await page.click(selector);
  if (input === typeKeys) await input(page, typed);
  else {
    await page.keyboard.type(`${marker} `);
    await input(page, typed.slice(marker.length + 1));
  }
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.evaluate(() => window.__fixture.exchanges), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => generating(page)).toBe(false);
  const [sent] = await sentMessages(page);
  // The chat is captured (and its sends claimed) in the same step once the reply is done.
  const find = async () =>
    (await readStore<Chat>(panel, 'chats')).find(
      (c) => c.site === site && c.turns.some((t) => t.text.startsWith(marker)),
    );
  await expect.poll(async () => (await find())?.turns.length ?? 0, { timeout: 20_000 }).toBe(2);
  const chat = (await find())!;
  await page.close();
  return { sent: sent!.text, chat };
}

async function claimed(chatId: string): Promise<number> {
  const rows = await readStore<{ chatId: string | null }>(panel, 'sends');
  return rows.filter((r) => r.chatId === chatId).length;
}

describe('a page writing during a trusted keystroke (Chromium)', () => {
  for (const site of SITES) {
    it(`${site}: its words go out but get no block, and the send is not the user's`, async () => {
      const { sent, chat } = await send(site, `page ${USER}`, true, 'page');
      expect(sent).toContain(PAGE_WORDS); // the page's write really went into the message
      expect(sent).not.toContain(SALARY);
      expect(sent).not.toContain('[claude-mem');
      expect(await claimed(chat.id)).toBe(0);
    });

    it(`${site}: the same words typed by the user get their block and their send`, async () => {
      const typed = `user ${USER} about my ${PAGE_WORDS}`;
      const { sent, chat } = await send(site, typed, false, 'user');
      expect(sent).toContain(SALARY);
      expect(sent.endsWith(typed)).toBe(true);
      expect(await claimed(chat.id)).toBe(1);
    });
  }
});

describe('the user’s other real input kinds are still credited (Chromium)', () => {
  for (const site of ['chatgpt', 'deepseek'] as const) {
    it(`${site}: an IME composition and a paste get their block`, async () => {
      await ext.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: homeUrl(site) });
      for (const [marker, input] of [
        ['ime', compose],
        ['pasted', paste],
      ] as const) {
        const typed = `${marker} ${USER} about my ${PAGE_WORDS}`;
        const { sent, chat } = await send(site, typed, false, marker, input);
        // ProseMirror keeps the space typed before a paste as a no-break space.
        expect(stripInjectedBlocks(sent, marksIn(sent)).replace(/\s/g, ' ')).toBe(typed);
        expect(sent).toContain(SALARY);
        expect(await claimed(chat.id)).toBe(1);
      }
    });
  }
});
