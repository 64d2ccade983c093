/**
 * A page taking words out of the composer between the user's real keystrokes: the user types
 * "I do not smoke, thanks", the page's script deletes "not " after "smoke" (execCommand, no
 * `beforeinput`), and the message that goes out says "I do smoke, thanks" with every remaining
 * character typed by the user. That turn is not credited as typed here: its send claims nothing,
 * and what extraction takes from the chat waits for review. The same words typed by the user with
 * no page script (a typo fixed with Backspace on the way) are credited and their memory is used
 * at once. ProseMirror (ChatGPT) and a
 * textarea (DeepSeek), each the real editor on the fixture site.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import type { Chat, MemoryRecord } from '../../lib/memory/types';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import type { SiteId } from '../../lib/sites/ids';
import { FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { buildAttacks, runAttack, serveWithAttack } from './harness/attacks';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { buildFixtures, generating, homeUrl, sentMessages } from './harness/sites';

const KEY = 'sk-ant-api03-E2E-page-deletion-0123456789abcdefghijklmn';
const ATTACK = 'delete-between-keys';
/**
 * The credited chats: what the user types (a typo fixed with Backspace on the way) and the fact
 * extraction answers, in the user's own words and unlike each other, so neither merges into one.
 */
const TYPED = {
  chatgpt: {
    typed: 'I drink green tea every morning and I do smokr\be|, thanks',
    fact: 'Drinks green tea every morning',
  },
  deepseek: { typed: 'I cycle to work on Fridays and I do smokr\be|, thanks', fact: 'Cycles to work on Fridays' },
} as const;

let ext: ExtensionBrowser;
let panel: Page;
const api = new FakeAnthropicApi();

beforeAll(async () => {
  await api.start();
  await buildFixtures(['chatgpt', 'deepseek']);
  await buildAttacks([ATTACK]);
  ext = await launchChromium();
  // Every fixture page carries the attack script; it acts only once armed (runAttack).
  await serveWithAttack(ext.context, ATTACK);
  await ext.context.route(`${api.url}/**`, (route) => route.continue());
  panel = await ext.openSidePanel();
  await ask(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
});

afterAll(async () => {
  await ext?.close();
  await api.stop();
});

/**
 * Types `typed` with real keys (the page, when `armed`, takes "not " out after "smoke"), sends
 * it, closes the tab so the chat is extracted, and returns what went out, the stored chat, how
 * many sends it claimed and the memory extracted from it.
 */
async function typeAndSend(
  site: SiteId,
  typed: string,
  armed: boolean,
  memory: string,
): Promise<{ sent: string; chat: Chat; claimed: number; extracted: MemoryRecord }> {
  const adapter = ADAPTERS.find((a) => a.id === site)!;
  const page = await ext.context.newPage();
  await page.goto(homeUrl(site));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  if (armed) await runAttack(page, 'not ', 'smoke');
  await page.click(adapter.selectors.composer.join(', '));
  const [head, tail] = typed.split('|') as [string, string];
  // A "\b" in what is typed is the user's own Backspace.
  for (const [i, part] of head.split('\b').entries()) {
    if (i > 0) await page.keyboard.press('Backspace');
    await page.keyboard.type(part);
  }
  if (armed) await page.waitForFunction(() => (window as unknown as { __deleted?: string }).__deleted !== undefined);
  await page.keyboard.type(tail);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => generating(page), { timeout: 15_000 }).toBe(false);
  const [sent] = await sentMessages(page);
  const find = async () =>
    (await readStore<Chat>(panel, 'chats')).find((c) => c.site === site && c.turns[0]?.text === sent!.text);
  await expect.poll(async () => (await find())?.turns.length ?? 0, { timeout: 20_000 }).toBe(2);
  const chat = (await find())!;
  const claimed = (await readStore<{ chatId: string | null }>(panel, 'sends')).filter(
    (r) => r.chatId === chat.id,
  ).length;

  api.respondWith(() => ({
    body: toolUseMessage('save_memories', {
      summary: 'The user talked about smoking.',
      memories: [{ op: 'add', content: memory, type: 'fact', importance: 4 }],
    }),
  }));
  await page.close(); // closing the tab finishes the chat: its extraction runs
  const mine = async () => (await readStore<MemoryRecord>(panel, 'memories')).find((m) => m.content === memory);
  await expect.poll(async () => (await mine()) !== undefined, { timeout: 30_000 }).toBe(true);
  return { sent: sent!.text, chat, claimed, extracted: (await mine())! };
}

describe('a page deleting words between the user’s keystrokes (Chromium)', () => {
  for (const site of ['chatgpt', 'deepseek'] as const) {
    it(`${site}: "I do not smoke" sent as "I do smoke" is not credited as typed here; its memory waits for review`, async () => {
      const { sent, claimed, extracted } = await typeAndSend(
        site,
        'I do not smoke|, thanks',
        true,
        `User smokes (${site})`,
      );
      expect(sent.replace(/\s/g, ' ')).toBe('I do smoke, thanks'); // the page's deletion went out
      expect(claimed).toBe(0);
      expect([extracted.status, extracted.origin?.kind]).toEqual(['proposed', 'opened']);
    });
  }

  for (const site of ['chatgpt', 'deepseek'] as const) {
    it(`${site}: the same words typed by the user, a typo fixed with Backspace, are credited and used at once`, async () => {
      const { typed, fact } = TYPED[site];
      const { sent, claimed, extracted } = await typeAndSend(site, typed, false, fact);
      expect(sent.replace(/\s/g, ' ')).toBe(typed.replace('r\be', 'e').replace('|', ''));
      expect(claimed).toBe(1);
      expect([extracted.status, extracted.origin?.kind]).toEqual(['active', 'sent']);
    });
  }
});
