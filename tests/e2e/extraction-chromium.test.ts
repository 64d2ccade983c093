/**
 * The whole extraction flow in real Chromium against the fake Messages API: a finished chat is
 * queued, the service worker is stopped while the API is still answering, a message wakes a
 * new worker, and the job completes with each memory stored exactly once, in the side panel.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { SCREENSHOTS } from './harness/paths';

const KEY = 'sk-ant-api03-E2E-0123456789abcdefghijklmnopqrstuvwxyz';
const CHAT_ID = 'kimi:e2e-chat';
const AT = '2026-11-01T08:00:00.000Z';
const MEMORIES = [
  { op: 'add', content: '用户希望被称呼为小李', type: 'preference', importance: 5 },
  { op: 'add', content: '用户晚上九点以后才有空学习', type: 'preference', importance: 4 },
  { op: 'add', content: '买房预算是¥2,850,000.00', type: 'fact', importance: 4 },
];

function chatFile() {
  const turns = [
    { role: 'user', text: '以后叫我小李就行。我平时晚上九点以后才有空学习。', at: AT },
    { role: 'assistant', text: '好的小李，学习就安排在晚上九点后。', at: AT },
    { role: 'user', text: '另外，我们买房的预算是¥2,850,000.00。', at: AT },
  ];
  const chat = {
    id: CHAT_ID,
    site: 'kimi',
    conversationId: 'e2e-chat',
    url: 'https://www.kimi.com/chat/e2e-chat',
    title: '学习计划',
    turns,
    version: 1,
    state: 'open',
    summary: '',
    extractedVersion: 0,
    createdAt: AT,
    updatedAt: AT,
    lastActivityAt: AT,
  };
  return JSON.stringify({ format: 'claude-mem.memories', version: 1, memories: [], chats: [chat] });
}

type ExtensionGlobal = { chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } } };

async function send(page: Page, type: string, payload: unknown = {}) {
  // Runs in the side panel page, where `chrome.runtime` exists.
  const reply = (await page.evaluate(
    ([t, p]) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage({ type: t, payload: p }),
    [type, payload] as const,
  )) as {
    ok: boolean;
    data?: unknown;
    error?: { message: string };
  };
  if (!reply.ok) throw new Error(`${type}: ${reply.error?.message}`);
  return reply.data as Record<string, unknown>;
}

describe('extraction survives a stopped service worker (Chromium)', () => {
  const api = new FakeAnthropicApi();
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    await api.start();
    ext = await launchChromium();
  });
  afterAll(async () => {
    await ext?.close();
    await api.stop();
  });

  it('completes the job after a restart, each memory stored once, visible in the side panel', async () => {
    let calls = 0;
    // The first answer comes too late: the worker that asked is gone by then.
    api.respondWith(() => ({
      body: toolUseMessage('save_memories', { summary: '小李的学习安排', memories: MEMORIES }),
      delayMs: ++calls === 1 ? 8_000 : 0,
    }));

    const panel = await ext.openSidePanel();
    await send(panel, 'settings.set', { settings: { version: 1, baseUrl: api.url }, apiKey: KEY });
    await send(panel, 'transfer.import', { text: chatFile() });
    expect(await send(panel, 'queue.extractNow', { chatId: CHAT_ID })).toMatchObject({ queued: true });
    await expect.poll(() => api.messageRequests().length, { timeout: 15_000 }).toBe(1);

    await ext.stopServiceWorker();
    await send(panel, 'ping'); // wakes a new worker, which takes over the orphaned job
    await expect.poll(() => api.messageRequests().length, { timeout: 20_000 }).toBe(2);

    const list = panel.getByRole('list', { name: 'Memories' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    const queue = (await send(panel, 'queue.list')) as { jobs: { state: string; attempts: number; outcome: string }[] };
    expect(queue.jobs).toEqual([expect.objectContaining({ state: 'done', attempts: 2, outcome: '3 added' })]);

    // The first worker's late answer changes nothing.
    await new Promise((r) => setTimeout(r, 8_500));
    expect(await list.getByRole('listitem').count()).toBe(3);
    const text = (await list.textContent()) ?? '';
    for (const m of MEMORIES) expect(text.split(m.content)).toHaveLength(2);
    await panel.getByRole('tab', { name: 'Queue' }).click();
    await panel.getByText('3 added').waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await panel.screenshot({ path: join(SCREENSHOTS, 'extraction-chromium.png'), fullPage: true });
    // The key went to the API in its header only, never into a request body.
    for (const req of api.messageRequests()) expect(req.rawBody).not.toContain(KEY);
  });
});
