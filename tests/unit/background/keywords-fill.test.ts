/**
 * "Add keywords" through the real router, the real SDK and a loopback fake Messages API: only
 * active, current memories without keywords are asked about, in batches; the answer is checked
 * before anything is stored; a malformed batch stores nothing; tokens count against the daily
 * cap; cancelling keeps the batches done; and the ranking index sees the new keywords.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { KEYWORDS_BATCH, KEYWORDS_TOOL_NAME } from '../../../lib/add-keywords/keywords-prompt';
import { db } from '../../../lib/db/db';
import { saveKeywords } from '../../../lib/db/keywords-fill';
import { indexSettled, warmIndex } from '../../../lib/db/memory-index-source';
import { saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { recordCallUsage, usageOfDay } from '../../../lib/db/usage';
import type { MemoryRecord } from '../../../lib/memory/types';
import { defaultSettings, type Settings } from '../../../lib/settings/schema';
import { now, utcDay } from '../../../lib/time';
import { FakeAnthropicApi, gate, keywordNotesOf, type ReceivedRequest, toolUseMessage } from '../../fake-api/server';
import { KEY } from '../extraction/harness';
import { extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
type Reply = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
const send = (type: string) => route({ type, payload: {} }, extensionSender) as Promise<Reply>;

/** Answers each note with keywords naming it, so the test can tell which memory got which. */
function goodAnswer(req: ReceivedRequest) {
  const items = keywordNotesOf(req).map((note, i) => ({
    index: i + 1,
    keywords: [`kw ${note}`.slice(0, 40), 'allergy'],
  }));
  return { body: toolUseMessage(KEYWORDS_TOOL_NAME, { items }, { input_tokens: 500, output_tokens: 100 }) };
}

let api: FakeAnthropicApi;
beforeEach(async () => {
  api = new FakeAnthropicApi();
  await api.start();
  api.respondWith(goodAnswer);
  await configure({});
});
afterEach(async () => {
  await indexSettled();
  await api.stop();
});

async function configure(settings: Partial<Settings>): Promise<void> {
  await saveSettings({ ...defaultSettings(), baseUrl: api.url, dailyTokenCap: 0, ...settings });
  await saveApiKey(KEY);
}

async function store(rows: MemoryRecord[]): Promise<void> {
  await db.memories.bulkPut(rows);
  await indexSettled();
}

function notes(n: number): MemoryRecord[] {
  return Array.from({ length: n }, (_, i) => memory({ content: `note number ${i + 1}` }));
}

describe('add keywords', () => {
  it('asks only about active, current memories without keywords, in batches, and stores checked keywords without touching updatedAt', async () => {
    const plain = notes(KEYWORDS_BATCH + 5);
    const has = memory({ content: 'already has some' }, { keywords: ['mine'] });
    const archived = memory({ content: 'archived one' }, { status: 'archived' });
    const old = memory({ content: 'old version' }, { supersededBy: plain[0]?.id ?? null });
    await store([...plain, has, archived, old]);

    const estimate = await send('keywords.estimate');
    expect(estimate).toMatchObject({ ok: true, data: { count: plain.length } });
    const reply = await send('keywords.add');
    expect(reply).toMatchObject({
      ok: true,
      data: { updated: plain.length, failed: 0, stopped: false, inputTokens: 1000, outputTokens: 200 },
    });

    const sent = api.messageRequests();
    expect(sent.map((r) => keywordNotesOf(r).length)).toEqual([KEYWORDS_BATCH, 5]);
    expect((sent[0]?.body as { tool_choice?: unknown } | undefined)?.tool_choice).toEqual({
      type: 'tool',
      name: KEYWORDS_TOOL_NAME,
    });
    const after = new Map((await db.memories.toArray()).map((m) => [m.id, m]));
    for (const m of plain) {
      expect(after.get(m.id)?.keywords).toEqual([`kw ${m.content}`, 'allergy']);
      expect(after.get(m.id)?.updatedAt).toBe(m.updatedAt);
    }
    expect(after.get(has.id)?.keywords).toEqual(['mine']);
    expect(after.get(archived.id)?.keywords).toBeUndefined();
    expect(after.get(old.id)?.keywords).toBeUndefined();
    expect(await usageOfDay(utcDay())).toMatchObject({ inputTokens: 1000, outputTokens: 200, calls: 2 });
    expect(await send('keywords.estimate')).toMatchObject({ ok: true, data: { count: 0 } });
  });

  it('refreshes the ranking index: a request in the other language finds the memory by its new keywords', async () => {
    const zh = memory({ content: '用户周末在社区做志愿者' });
    await store([zh]);
    await warmIndex();
    const ranked = async () => (await warmIndex()).rank('Do I have an allergy?', { site: null, now: Date.now() });
    expect((await ranked()).some((r) => r.memory.id === zh.id && r.parts.text > 0)).toBe(false);
    expect((await send('keywords.add')).ok).toBe(true);
    await indexSettled();
    expect((await ranked()).some((r) => r.memory.id === zh.id && r.parts.text > 0)).toBe(true);
  });

  it('stores nothing for a batch whose answer is malformed, and counts its tokens all the same', async () => {
    const rows = notes(3);
    await store(rows);
    const bad = [
      { items: [{ index: 1, keywords: 'not a list' }] },
      { items: [{ index: 1, keywords: Array.from({ length: 9 }, (_, i) => `k${i}`) }] },
      { items: [{ index: 1, keywords: ['x'.repeat(200)] }] },
      { items: [{ index: 'one', keywords: ['a'] }] },
    ];
    for (const input of bad) {
      api.enqueue({ body: toolUseMessage(KEYWORDS_TOOL_NAME, input, { input_tokens: 300, output_tokens: 30 }) });
      const reply = await send('keywords.add');
      expect(reply).toMatchObject({ ok: true, data: { updated: 0, failed: 3 } });
      expect((await db.memories.toArray()).every((m) => m.keywords === undefined)).toBe(true);
    }
    expect(await usageOfDay(utcDay())).toMatchObject({ inputTokens: 1200, calls: 4 });
  });

  it('ignores numbers the batch does not have, and keeps memories edited since they were asked about', async () => {
    const [a, b] = notes(2) as [MemoryRecord, MemoryRecord];
    await store([a, b]);
    await db.memories.update(b.id, { content: 'edited meanwhile' });
    const stored = await saveKeywords([
      { item: { id: a.id, content: a.content }, keywords: [' Home City ', 'home city', ''] },
      { item: { id: b.id, content: b.content }, keywords: ['stale'] },
    ]);
    expect(stored).toBe(1);
    expect((await db.memories.get(a.id))?.keywords).toEqual(['Home City']);
    expect((await db.memories.get(b.id))?.keywords).toBeUndefined();

    api.enqueue({
      body: toolUseMessage(KEYWORDS_TOOL_NAME, {
        items: [
          { index: 7, keywords: ['nobody'] },
          { index: 1, keywords: ['b'] },
        ],
      }),
    });
    expect(await send('keywords.add')).toMatchObject({ ok: true, data: { updated: 1 } });
    expect((await db.memories.get(b.id))?.keywords).toEqual(['b']);
  });

  it('is refused before any call when the estimate passes the daily cap', async () => {
    await store(notes(3));
    await configure({ dailyTokenCap: 5_000 });
    await recordCallUsage(now(), { inputTokens: 4_900, outputTokens: 0, costUsd: 0 }, null);
    const reply = await send('keywords.add');
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(reply.ok ? '' : reply.error.message).toMatch(/Daily token cap reached: 4,900 of 5,000/);
    expect(api.requests).toHaveLength(0);
  });

  it('cancelled while a batch waits on the model: the batches done keep their keywords, the rest none', async () => {
    const rows = notes(KEYWORDS_BATCH + 2);
    await store(rows);
    const held = gate();
    api.respondWith((req) =>
      keywordNotesOf(req).length === 2 ? { ...goodAnswer(req), heldUntil: held.until } : goodAnswer(req),
    );
    const running = send('keywords.add');
    await expect.poll(() => api.messageRequests().length).toBe(2);
    const cancel = await route({ type: 'work.cancel', payload: { kind: 'keywords' } }, extensionSender);
    expect(cancel).toMatchObject({ ok: true, data: { cancelled: true } });
    const reply = await running;
    held.open();
    expect(reply).toMatchObject({ ok: true, data: { updated: KEYWORDS_BATCH, stopped: true } });
    const withKeywords = (await db.memories.toArray()).filter((m) => (m.keywords ?? []).length > 0);
    expect(withKeywords).toHaveLength(KEYWORDS_BATCH);
  });
});
