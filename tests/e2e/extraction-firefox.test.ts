/**
 * Extraction in real Firefox ESR (the MV2 background page): a finished chat is extracted
 * against the local fake Messages API with the real SDK, and its memories are stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { apiKeyOf, FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { kimiChat, typedHere, writeTypedChatsInPage } from './harness/chat-records';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';

const KEY = 'sk-ant-api03-FIREFOX-0123456789abcdefghijklmnopqrstuvwxyz';
const AT = '2026-11-01T08:00:00.000Z';

type Reply = { ok: boolean; data?: unknown; error?: { message: string } };
type BrowserGlobal = { browser: { runtime: { sendMessage(m: unknown): Promise<Reply> } } };

describe('extraction (Firefox)', () => {
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

  it('extracts a finished Chinese chat into memories, each stored once, key only in the auth header', async () => {
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
        summary: '周末安排',
        memories: [
          { op: 'add', content: '周六上午要送女儿去上钢琴课', type: 'task', importance: 3 },
          { op: 'add', content: '希望回答用中文、尽量简短', type: 'preference', importance: 4 },
        ],
      }),
    }));
    await send('settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    const chat = kimiChat(
      'ff-chat',
      '周末安排',
      [
        { role: 'user', text: '周六上午我要送女儿去上钢琴课。以后请用中文回答，尽量简短。' },
        { role: 'assistant', text: '好的，记下了。' },
      ],
      AT,
    );
    await send('queue.list');
    await page.evaluate(writeTypedChatsInPage, await typedHere([chat]));
    expect(await send('queue.extractNow', { chatId: chat.id })).toMatchObject({ queued: true });

    const jobs = await poll(
      async () => (await send('queue.list')).jobs as { state: string; outcome: string }[],
      (list) => list.some((j) => j.state === 'done'),
      30_000,
    );
    // The answer style would go into every message: it waits for review.
    expect(jobs).toEqual([expect.objectContaining({ state: 'done', outcome: '1 added · 1 waiting for review' })]);
    const { text } = (await send('transfer.export')) as { text: string };
    const contents = (JSON.parse(text) as { memories: { content: string }[] }).memories.map((m) => m.content).sort();
    expect(contents).toEqual(['周六上午要送女儿去上钢琴课', '希望回答用中文、尽量简短'].sort());
    expect(text).not.toContain(KEY);
    const [request] = api.messageRequests();
    expect(request && apiKeyOf(request)).toBe(KEY);
    expect(request?.rawBody).not.toContain(KEY);
    expect(request?.rawBody).toContain('钢琴课');
  });
});
