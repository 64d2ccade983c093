/**
 * A chat page showing a message of 4,000 repeated delimiter openers (56 KB), sent by the page's
 * own script: the content script reads and strips it on capture, the background strips it
 * again. The page stays responsive and the message is stored as the text it is (a typed
 * opener is not a block this extension wrote). The assertion is the result, never a time.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttacks, runAttack, serveWithAttack } from './harness/attacks';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { readStore } from './harness/extension-calls';
import { buildFixtures, homeUrl } from './harness/sites';

const ATTACK = 'crafted-message';
const REPEAT = 4_000;

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(['chatgpt']);
  await buildAttacks([ATTACK]);
  ext = await launchChromium();
  await serveWithAttack(ext.context, ATTACK);
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
});

describe('a crafted message of repeated openers', () => {
  it('is captured as written and the page keeps answering', async () => {
    const page = await ext.context.newPage();
    await page.goto(homeUrl('chatgpt'));
    await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 10_000 });
    const sent = await runAttack<{ length: number; url: string }>(page, REPEAT);
    expect(sent.length).toBe(REPEAT * '[claude-mem ·]'.length);
    type Stored = { site: string; turns: { role: string; text: string }[] };
    await expect
      .poll(
        async () => (await readStore<Stored>(panel, 'chats')).find((c) => c.site === 'chatgpt')?.turns.length ?? 0,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);
    const chat = (await readStore<Stored>(panel, 'chats')).find((c) => c.site === 'chatgpt')!;
    expect(chat.turns[0]).toEqual({ role: 'user', text: '[claude-mem ·]'.repeat(REPEAT), at: expect.any(String) });
    // The page's own script still runs at once after the capture.
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await page.close();
  });
});
