/**
 * Chat history's core path in real Firefox ESR: a real branched ChatGPT export (read in place
 * from /work/shared/samples) is brought in through the Chats view's Worker, and only its
 * last-seen branch is found by search; then the same kind of export as the zip it is downloaded
 * in, unpacked in Firefox's own Worker.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zip } from '../unit/zip';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { freshDir } from './harness/paths';

const FIXTURES = resolve(import.meta.dirname, '../../../shared/samples/chat-exports/chatgpt-librechat-fixtures');
const TREE = join(FIXTURES, 'chatgpt-tree.json');

describe.runIf(existsSync(TREE))('chat history in Firefox', () => {
  let ff: FirefoxExtension;
  beforeAll(async () => {
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('brings in a branched ChatGPT export and finds only its last-seen branch, then an export zip', async () => {
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

    const archive = join(freshDir('history-firefox-zip'), 'chatgpt-export.zip');
    const conversations = readFileSync(join(FIXTURES, 'chatgpt-export.json'));
    writeFileSync(archive, zip({ 'chat.html': '<html></html>', 'conversations.json': conversations }));
    await input.uploadFile(archive);
    await poll(
      () => page.evaluate(() => document.body.textContent ?? ''),
      (t) => t.includes('Brought in 2 new'),
      20_000,
    );
    expect((await found('intervals')).titles).toEqual(['Conversation 2']);
  });
});
