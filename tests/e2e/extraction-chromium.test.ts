/**
 * The whole extraction flow in real Chromium against the fake Messages API: a finished chat is
 * queued, the service worker is stopped while the API is still answering, a message wakes a
 * new worker, and the job completes with each memory stored exactly once, in the side panel.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { kimiChat, typedHere, writeTypedChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendFrom } from './harness/extension-rpc';
import { openView } from './harness/panel';
import { SCREENSHOTS } from './harness/paths';

const KEY = 'sk-ant-api03-E2E-0123456789abcdefghijklmnopqrstuvwxyz';
const CHAT_ID = 'kimi:e2e-chat';
const AT = '2026-11-01T08:00:00.000Z';
const MEMORIES = [
  { op: 'add', content: '用户希望被称呼为小李', type: 'preference', importance: 5 },
  { op: 'add', content: '用户每晚九点以后才有空学习', type: 'preference', importance: 4 },
  { op: 'add', content: '买房预算是¥2,850,000.00', type: 'fact', importance: 4 },
];

function capturedChat() {
  const turns = [
    { role: 'user' as const, text: '以后叫我小李就行。我平时晚上九点以后才有空学习。' },
    { role: 'assistant' as const, text: '好的小李，学习就安排在晚上九点后。' },
    { role: 'user' as const, text: '另外，我们买房的预算是¥2,850,000.00。' },
  ];
  return kimiChat('e2e-chat', '学习计划', turns, AT);
}

const send = sendFrom;

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
    await send(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    await send(panel, 'queue.list');
    await panel.evaluate(writeTypedChatsInPage, await typedHere([capturedChat()]));
    expect(await send(panel, 'queue.extractNow', { chatId: CHAT_ID })).toMatchObject({ queued: true });
    await expect.poll(() => api.messageRequests().length, { timeout: 15_000 }).toBe(1);

    await ext.stopServiceWorker();
    await send(panel, 'ping'); // wakes a new worker, which takes over the job once its lease runs out
    await expect.poll(() => api.messageRequests().length, { timeout: 60_000 }).toBe(2);

    const list = panel.getByRole('list', { name: 'Memories' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    const queue = (await send(panel, 'queue.list')) as { jobs: { state: string; attempts: number; outcome: string }[] };
    // The form of address would go into every message: it waits for review (still listed).
    expect(queue.jobs).toEqual([
      expect.objectContaining({ state: 'done', attempts: 2, outcome: '2 added · 1 waiting for review' }),
    ]);

    // The first worker's late answer changes nothing: once the server has sent it, and a
    // round trip through the worker has passed, the list is what it was.
    await expect.poll(() => api.answered.length, { timeout: 15_000 }).toBe(2);
    await send(panel, 'ping');
    expect(await list.getByRole('listitem').count()).toBe(3);
    const text = (await list.textContent()) ?? '';
    for (const m of MEMORIES) expect(text.split(m.content)).toHaveLength(2);
    await openView(panel, 'queue');
    await panel.getByText('2 added · 1 waiting for review').waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await panel.screenshot({ path: join(SCREENSHOTS, 'extraction-chromium.png'), fullPage: true });
    // The key went to the API in its header only, never into a request body.
    for (const req of api.messageRequests()) expect(req.rawBody).not.toContain(KEY);
  });
});
