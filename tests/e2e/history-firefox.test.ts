/**
 * Chat history's core path in real Firefox ESR: a real branched ChatGPT export (read in place
 * from /work/shared/samples) is brought in through the Chats view's Worker, and only its
 * last-seen branch is found by search.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';

const TREE = resolve(
  import.meta.dirname,
  '../../../shared/samples/chat-exports/chatgpt-librechat-fixtures/chatgpt-tree.json',
);

describe.runIf(existsSync(TREE))('chat history in Firefox', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('brings in a branched ChatGPT export and finds only its last-seen branch', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    await poll(
      () => page.evaluate(() => !!document.getElementById('tab-chats')),
      (ok) => ok,
      20_000,
    );
    await page.click('#tab-chats');
    await poll(
      () => page.evaluate(() => document.body.textContent ?? ''),
      (t) => t.includes('No chats yet'),
      20_000,
    );
    const input = (await page.$('#view-chats input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(TREE);
    await poll(
      () => page.evaluate(() => document.body.textContent ?? ''),
      (t) => t.includes('Brought in 1 new'),
      20_000,
    );
    const found = async (q: string) => {
      // Empty the box as typing would, and wait for the previous results to go.
      await page.evaluate(() => {
        const box = document.querySelector<HTMLInputElement>('#view-chats input[type=search]')!;
        box.value = '';
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await poll(
        () => page.evaluate(() => document.querySelectorAll('#view-chats [role="status"]').length),
        (n) => n === 0,
        10_000,
      );
      await page.type('#view-chats input[type=search]', q);
      return poll(
        () =>
          page.evaluate(() => ({
            status: document.querySelector('#view-chats [role="status"]')?.textContent ?? '',
            titles: [...document.querySelectorAll('.chat-result .chat-row-title')].map((e) => e.textContent),
          })),
        (r) => /found|No chat/.test(r.status) && (r.titles.length > 0 || r.status.includes('No chat')),
        10_000,
      );
    };
    expect((await found('joke')).titles).toEqual(['Assist user with summary']);
    const abandoned = await found('bro');
    expect(abandoned.titles).toEqual([]);
  });
});
