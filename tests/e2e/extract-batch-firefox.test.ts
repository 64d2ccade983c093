/**
 * "Extract memories from these", core path in real Firefox ESR: a ChatGPT-format export built
 * at test time from the real export files in /work/shared/samples (read in place, written to a
 * temporary file) is brought in, chats are picked by search results, the estimate is on screen
 * before the fake Messages API has had a request, and the batch's memories arrive as proposals.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';

const SAMPLES = resolve(import.meta.dirname, '../../../shared/samples/chat-exports');
const SOURCES = [
  'chatgpt-librechat-fixtures/chatgpt-export.json',
  'chatgpt-librechat-fixtures/chatgpt-tree.json',
  'chatgpt-realazthat-chatgpt2graph/conversations.json',
].map((f) => join(SAMPLES, f));
const KEY = 'sk-ant-api03-FIREFOX-batch-0123456789abcdefghijklmnopqrs';

type Reply = { ok: boolean; data?: unknown; error?: { message: string } };
type BrowserGlobal = { browser: { runtime: { sendMessage(m: unknown): Promise<Reply> } } };

function buildExport(): string {
  const all = SOURCES.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as unknown[]);
  const file = join(mkdtempSync(join(tmpdir(), 'claude-mem-batch-ff-')), 'conversations.json');
  writeFileSync(file, JSON.stringify(all));
  return file;
}

const bodyText = (page: Page) => page.evaluate(() => document.body.textContent ?? '');

/** Clicks the button whose text is exactly `label` (the panel's handlers take any click). */
async function clickButton(page: Page, label: string): Promise<void> {
  await poll(
    () =>
      page.evaluate((text) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
        if (!button || button.disabled) return false;
        button.click();
        return true;
      }, label),
    (clicked) => clicked,
    20_000,
  );
}

describe.runIf(SOURCES.every(existsSync))('extract memories from picked imported chats (Firefox)', () => {
  const api = new FakeAnthropicApi();
  let ff: FirefoxExtension;
  beforeAll(async () => {
    await api.start();
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
    await api.stop();
  });

  it('shows the estimate before any request; what the batch extracts is proposed', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    const send = async (type: string, payload: unknown = {}) => {
      const reply = await page.evaluate(
        (t, p) => (globalThis as unknown as BrowserGlobal).browser.runtime.sendMessage({ type: t, payload: p }),
        type,
        payload,
      );
      if (!reply.ok) throw new Error(`${type}: ${reply.error?.message}`);
      return reply.data as Record<string, unknown>;
    };
    api.respondWith(() => ({
      body: toolUseMessage('save_memories', {
        summary: 'An imported chat.',
        memories: [{ op: 'add', content: 'Drives a VW Transporter van', type: 'fact', importance: 4 }],
      }),
    }));
    await send('settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });

    await poll(
      () => page.evaluate(() => !!document.getElementById('tab-chats')),
      (ok) => ok,
      20_000,
    );
    await page.click('#tab-chats');
    const input = (await page.$('#view-chats input[type=file]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(buildExport());
    await poll(
      () => bodyText(page),
      (t) => t.includes('Brought in 4 new'),
      30_000,
    );

    await page.type('#view-chats input[type=search]', 'example');
    await poll(
      () => page.evaluate(() => document.querySelectorAll('.chat-result').length),
      (n) => n === 2,
      20_000,
    );
    await clickButton(page, 'Select all shown');
    await poll(
      () => bodyText(page),
      (t) => t.includes('2 chats picked'),
      10_000,
    );
    await clickButton(page, 'Extract memories from these');
    await poll(
      () => bodyText(page),
      (t) => t.includes('2 chats to extract'),
      30_000,
    );
    expect(await bodyText(page)).toMatch(/model calls?, about [\d,]+ input and [\d,]+ output tokens/);
    expect(api.messageRequests()).toHaveLength(0);
    expect((await send('queue.list')).jobs).toEqual([]);

    await clickButton(page, 'Queue 2 chats');
    await poll(
      () => bodyText(page),
      (t) => t.includes('2 of 2 done'),
      60_000,
    );
    expect(api.messageRequests()).toHaveLength(2);
    const { text } = (await send('transfer.export')) as { text: string };
    const memories = (JSON.parse(text) as { memories: { content: string; status: string }[] }).memories;
    expect(memories.length).toBeGreaterThan(0);
    for (const m of memories) expect(m.status).toBe('proposed');
  });
});
