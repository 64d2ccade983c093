/**
 * "Extract memories from these": picked imported chats get the queue's own estimate before
 * anything is queued or sent; then one batch of ordinary jobs runs under the daily cap, is
 * paused, resumed and cancelled by the user, survives a stopped worker, and loses a picked chat
 * that is deleted or forgotten meanwhile. Whatever any door extracts from an imported chat is
 * proposed. Real SDK against the local fake Messages API, fake-indexeddb.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { getChat } from '../../../lib/db/chats';
import { batchViews, startBatch } from '../../../lib/db/extract-batches';
import { storeImported } from '../../../lib/db/history-import';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { claimNextJob, getJob, jobIdOf, listJobs, updateJob } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { getPause } from '../../../lib/db/queue-state';
import { saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { recordCallUsage } from '../../../lib/db/usage';
import type { BatchEstimate, BatchView } from '../../../lib/extraction/batch-schemas';
import { callEstimate } from '../../../lib/extraction/estimate';
import type { ImportedConversation } from '../../../lib/history/import/types';
import { extractionQueue } from '../../../lib/queue/service';
import { defaultSettings } from '../../../lib/settings/schema';
import { now, setClock } from '../../../lib/time';
import { apiError, FakeAnthropicApi, gate, type ReceivedRequest } from '../../fake-api/server';
import { contentSender, extensionSender, routerOptions } from '../helpers';
import { finishedChat, KEY, saveMemories, sentBody, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());

const route = createRouter(handlers, routerOptions);
async function data<T>(type: string, payload: unknown = {}): Promise<T> {
  const reply = await route({ type, payload }, extensionSender);
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
  return reply.data as T;
}

// Long chats are estimated and extracted in several windows: slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const DAY1 = Date.parse('2026-12-01T10:00:00.000Z');
const DAY2 = Date.parse('2026-12-02T00:05:00.000Z');

/** An imported ChatGPT conversation; `size` repeats its user text to make it longer. */
function conversation(n: number, size = 1): ImportedConversation {
  const id = `batch-chat-${n}`;
  const turns = Array.from({ length: 2 * size }, (_, i) => ({
    role: i % 2 ? ('assistant' as const) : ('user' as const),
    text: i % 2 ? `Noted, number ${n}.` : `I keep bees on a rooftop in district ${n}. `.repeat(i === 0 ? 1 : 90),
    at: '2026-06-01T08:00:00.000Z',
  }));
  return {
    site: 'chatgpt',
    conversationId: id,
    title: `Chat ${n}`,
    url: `https://chatgpt.com/c/${id}`,
    createdAt: '2026-06-01T08:00:00.000Z',
    updatedAt: '2026-06-01T08:00:00.000Z',
    turns,
  };
}

/** The district a request's transcript speaks of (not a related memory listed before it). */
const TURN_DISTRICT = /district (\d+)(?:\.|\s+now)/;

const idOf = (n: number) => `chatgpt:batch-chat-${n}`;

/** The model answers one plain fact per call, and reports as usage exactly what the queue estimated. */
function answerEstimated(): void {
  api.respondWith((req: ReceivedRequest) => {
    const body = sentBody(req);
    const call = callEstimate({ system: body.system, user: body.messages[0]?.content ?? '' });
    const district = TURN_DISTRICT.exec(body.messages[0]?.content ?? '')?.[1] ?? '?';
    return saveMemories(
      's',
      [{ op: 'add', content: `Keeps bees on a rooftop in district ${district}`, type: 'fact', importance: 3 }],
      { input_tokens: call.inputTokens, output_tokens: call.outputTokens },
    );
  });
}

async function estimate(chatIds: string[], reextract = false): Promise<BatchEstimate> {
  return data<BatchEstimate>('extractBatch.estimate', { chatIds, reextract });
}

async function start(chatIds: string[], reextract = false): Promise<string> {
  const e = await estimate(chatIds, reextract);
  const row = await startBatch({ chatIds, reextract, name: 'test', estimate: e });
  return row.id;
}

async function view(id: string): Promise<BatchView> {
  const v = (await batchViews()).find((b) => b.id === id);
  if (!v) throw new Error('no batch');
  return v;
}

async function expectAllProposedFromImports(): Promise<void> {
  const memories = await listMemories();
  expect(memories.length).toBeGreaterThan(0);
  for (const m of memories) {
    expect(m.status).toBe('proposed');
    expect(m.origin?.kind).toBe('opened');
    expect(m.proposal?.reasons).toContain('not-sent-here');
  }
}

beforeEach(async () => {
  api.reset();
  setClock(() => DAY1);
  await saveSettings({ ...defaultSettings(), baseUrl: api.url, dailyTokenCap: 0 });
  await saveApiKey(KEY);
  answerEstimated();
});

describe('the estimate comes first', () => {
  it('counts chats, calls and tokens with the queue’s own estimate, sends nothing, queues nothing', async () => {
    await storeImported([conversation(1), conversation(2, 120), conversation(3)]);
    const ids = [idOf(1), idOf(2), idOf(3), 'chatgpt:never-there'];
    const e = await estimate(ids);
    expect(api.messageRequests()).toHaveLength(0);
    expect(await listJobs()).toHaveLength(0);
    expect(e).toMatchObject({ chats: 3, alreadyExtracted: 0, unavailable: 1, dailyTokenCap: 0, fitToday: 3 });
    // The long chat is more than one window: more calls than chats.
    expect(e.calls).toBeGreaterThan(3);
    expect(e.cost.known).toBe(true);
    expect(e.cost.amount).toBeGreaterThan(0);

    await startBatch({ chatIds: ids, reextract: false, name: 'x', estimate: e });
    await extractionQueue().kick();
    const sent = api.messageRequests();
    // The same windows and prompts as the run; they differ only by what the run learns on the way
    // (the previous window's summary, memories the batch itself added as related ones).
    expect(sent).toHaveLength(e.calls);
    const input = sent.reduce((n, r) => {
      const b = sentBody(r);
      return n + callEstimate({ system: b.system, user: b.messages[0]?.content ?? '' }).inputTokens;
    }, 0);
    expect(Math.abs(input - e.inputTokens) / e.inputTokens).toBeLessThan(0.01);
    await expectAllProposedFromImports();
  });

  it('says how many fit under today’s cap; the queue stops there and goes on the next UTC day', async () => {
    await storeImported([conversation(1), conversation(2), conversation(3)]);
    const ids = [idOf(1), idOf(2), idOf(3)];
    const first = await estimate([idOf(1)]);
    const one = first.inputTokens + first.outputTokens;
    // Most of today's cap went on other sites' chats earlier: room for two of the three.
    await saveSettings({ ...defaultSettings(), baseUrl: api.url, dailyTokenCap: 10 * one });
    await recordCallUsage(now(), { inputTokens: 8 * one, outputTokens: 0, costUsd: 0 }, null);
    const e = await estimate(ids);
    expect(e.fitToday).toBe(2);
    const id = await start(ids);
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(2);
    expect((await getPause(now()))?.reason).toBe('cap');
    expect(await view(id)).toMatchObject({ state: 'running', done: 2, waiting: 1 });

    setClock(() => DAY2);
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(3);
    const v = await view(id);
    expect(v).toMatchObject({ state: 'done', done: 3, waiting: 0, dropped: 0 });
    expect(v.inputTokens + v.outputTokens).toBe(3 * one);
  });

  it('counts one site’s share of the cap: what fits is what the queue runs before that site waits', async () => {
    await storeImported([conversation(1), conversation(2), conversation(3)]);
    const first = await estimate([idOf(1)]);
    const one = first.inputTokens + first.outputTokens;
    // One site may spend half the cap: the third chat of the same site waits for its window.
    await saveSettings({ ...defaultSettings(), baseUrl: api.url, dailyTokenCap: Math.floor(2.5 * one) });
    expect((await estimate([idOf(1), idOf(2), idOf(3)])).fitToday).toBe(2);
    const id = await start([idOf(1), idOf(2), idOf(3)]);
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(2);
    expect(await view(id)).toMatchObject({ state: 'running', done: 2, waiting: 1 });
    const waiting = (await listJobs()).find((j) => j.state === 'pending');
    expect(waiting?.lastError).toMatch(/^Waiting: chatgpt reached its bound of \d+ tokens per (hour|day)/);
  });

  it('skips chats already extracted, or extracts them again, as the user chose', async () => {
    await storeImported([conversation(1), conversation(2)]);
    await start([idOf(1)]);
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(1);

    expect(await estimate([idOf(1), idOf(2)])).toMatchObject({ chats: 1, alreadyExtracted: 1 });
    const skip = await start([idOf(1), idOf(2)]);
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(2);
    expect(await view(skip)).toMatchObject({ total: 1, skipped: { alreadyExtracted: 1 } });

    expect(await estimate([idOf(1)], true)).toMatchObject({ chats: 1, alreadyExtracted: 0 });
    const again = await start([idOf(1)], true);
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(3);
    expect(await view(again)).toMatchObject({ state: 'done', done: 1 });
    expect((await getChat(idOf(1)))?.extractedVersion).toBe(2);
    await expectAllProposedFromImports();
  });
});

describe('who may ask', () => {
  it('a chat page can neither estimate, start nor steer a batch', async () => {
    await storeImported([conversation(1)]);
    const page = contentSender('https://chatgpt.com/c/batch-chat-1');
    const totals = { calls: 1, inputTokens: 1, outputTokens: 1 };
    for (const [type, payload] of [
      ['extractBatch.estimate', { chatIds: [idOf(1)], reextract: false }],
      ['extractBatch.start', { chatIds: [idOf(1)], reextract: false, estimate: totals }],
      ['extractBatch.pick', {}],
      ['extractBatch.cancel', { id: 'x' }],
    ] as const) {
      expect(await route({ type, payload }, page)).toMatchObject({ ok: false });
    }
    expect(await listJobs()).toHaveLength(0);
  });
});

describe('picking', () => {
  it('“select all shown” takes the chats of the site and dates filtered', async () => {
    await storeImported([
      conversation(1),
      { ...conversation(2), createdAt: '2025-01-05T08:00:00.000Z', updatedAt: '2025-01-05T08:00:00.000Z' },
      { ...conversation(3), site: 'claude', url: 'https://claude.ai/chat/batch-chat-3' },
    ]);
    await keepHistoryIndexed();
    const all = await data<{ chatIds: string[] }>('extractBatch.pick', {});
    expect(all.chatIds.sort()).toEqual([idOf(1), idOf(2), 'claude:batch-chat-3']);
    const picked = await data<{ chatIds: string[] }>('extractBatch.pick', {
      sites: ['chatgpt'],
      from: Date.parse('2026-01-01T00:00:00Z'),
      to: Date.parse('2026-12-31T23:59:59Z'),
    });
    expect(picked.chatIds).toEqual([idOf(1)]);
  });
});

describe('pause, resume, cancel', () => {
  it('a paused batch sends nothing, a captured chat’s job still runs, resume finishes it', async () => {
    await storeImported([conversation(1), conversation(2)]);
    const id = await start([idOf(1), idOf(2)]);
    expect(await data('extractBatch.pause', { id })).toEqual({ changed: true });
    await finishedChat([{ role: 'user', text: 'I live in district 9 now.' }], { conversationId: 'mine-1' });
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(1);
    expect(sentBody(api.messageRequests()[0]).messages[0]?.content).toContain('district 9 now');
    expect(await view(id)).toMatchObject({ state: 'paused', waiting: 2 });

    await data('extractBatch.resume', { id });
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(3);
    expect(await view(id)).toMatchObject({ state: 'done', done: 2 });
  });

  it('a chat the user finishes here runs before the batch’s waiting chats', async () => {
    await storeImported([conversation(1), conversation(2)]);
    await start([idOf(1), idOf(2)]);
    setClock(() => DAY1 + 1_000);
    await finishedChat([{ role: 'user', text: 'I live in district 9 now.' }], { conversationId: 'mine-1' });
    await extractionQueue().kick();
    const order = api.messageRequests().map((r) => TURN_DISTRICT.exec(sentBody(r).messages[0]?.content ?? '')?.[1]);
    expect(order).toEqual(['9', '1', '2']);
    const own = (await listMemories()).find((m) => m.content.includes('district 9'));
    expect(own?.status).toBe('active');
  });

  it('cancel drops what has not started, keeps what finished and lets the running call finish', async () => {
    await storeImported([conversation(1), conversation(2), conversation(3)]);
    const held = gate();
    api.enqueue({
      ...saveMemories('s', [{ op: 'add', content: 'Keeps bees in district 1', type: 'fact', importance: 3 }]),
      heldUntil: held.until,
    });
    const id = await start([idOf(1), idOf(2), idOf(3)]);
    const run = extractionQueue().kick();
    await expect.poll(() => api.messageRequests().length, { timeout: 20_000 }).toBe(1);
    expect(await data('extractBatch.cancel', { id })).toEqual({ dropped: 2 });
    held.open();
    await run;
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(1);
    expect(await view(id)).toMatchObject({ state: 'cancelled', done: 1, dropped: 2, waiting: 0 });
    expect((await listMemories()).map((m) => m.content)).toEqual(['Keeps bees in district 1']);
    await expectAllProposedFromImports();
  });

  it('a stopped worker: the batch stays paused, and a new worker takes over its orphaned job', async () => {
    await storeImported([conversation(1), conversation(2), conversation(3)]);
    const id = await start([idOf(1), idOf(2), idOf(3)]);
    // A worker claimed the first job and was stopped: its lease has run out.
    const orphan = await claimNextJob({ runner: 'stopped-worker', nowIso: now(), leaseUntilIso: now() });
    expect(orphan?.batchId).toBe(id);
    await data('extractBatch.pause', { id });
    setClock(() => DAY1 + 60_000);
    const next = await setUpQueue(api, { runner: 'worker-2', settings: { dailyTokenCap: 0 } });
    answerEstimated();
    await next.queue.kick();
    expect(api.messageRequests()).toHaveLength(0);
    expect(await view(id)).toMatchObject({ state: 'paused', running: 1, waiting: 2 });

    await data('extractBatch.resume', { id });
    await Promise.all([next.queue.kick(), extractionQueue().kick()]);
    expect(api.messageRequests()).toHaveLength(3);
    expect(await view(id)).toMatchObject({ state: 'done', done: 3 });
    await expectAllProposedFromImports();
  });
});

describe('a picked chat changes mid-batch', () => {
  it('deleted: a waiting one is dropped, a running one stores nothing', async () => {
    await storeImported([conversation(1), conversation(2), conversation(3)]);
    const held = gate();
    api.enqueue({
      ...saveMemories('s', [{ op: 'add', content: 'Keeps bees in district 1', type: 'fact', importance: 3 }]),
      heldUntil: held.until,
    });
    const id = await start([idOf(1), idOf(2), idOf(3)]);
    const run = extractionQueue().kick();
    await expect.poll(() => api.messageRequests().length, { timeout: 20_000 }).toBe(1);
    await data('history.delete', { ids: [idOf(1), idOf(3)] });
    held.open();
    await run;
    expect(api.messageRequests()).toHaveLength(2);
    expect(await view(id)).toMatchObject({ state: 'done', done: 2, dropped: 1 });
    expect((await listMemories()).map((m) => m.content)).toEqual(['Keeps bees on a rooftop in district 2']);
  });

  it('"don’t remember": nothing from it is sent or stored, the rest go on', async () => {
    await storeImported([conversation(1), conversation(2)]);
    const id = await start([idOf(1), idOf(2)]);
    await data('chat.exclude', {
      site: 'chatgpt',
      conversationId: 'batch-chat-1',
      url: 'https://chatgpt.com/c/batch-chat-1',
    });
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(1);
    expect(JSON.stringify(sentBody(api.messageRequests()[0]))).not.toContain('district 1.');
    expect(await view(id)).toMatchObject({ state: 'done', done: 1, dropped: 1 });
    expect((await listMemories()).map((m) => m.content)).toEqual(['Keeps bees on a rooftop in district 2']);
  });
});

describe('every door proposes what comes from an imported chat', () => {
  it('Extract now on one chat, even one in a paused batch', async () => {
    await storeImported([conversation(1), conversation(2)]);
    const id = await start([idOf(1), idOf(2)]);
    await data('extractBatch.pause', { id });
    expect(await data('queue.extractNow', { chatId: idOf(1) })).toMatchObject({ queued: true });
    await extractionQueue().kick();
    expect(api.messageRequests()).toHaveLength(1);
    expect(await view(id)).toMatchObject({ state: 'paused', done: 1, waiting: 1 });
    await expectAllProposedFromImports();
  });

  it('a retry of a failed job of the batch', async () => {
    await storeImported([conversation(1)]);
    api.respondWith(() => apiError(400, 'invalid_request_error', 'bad request'));
    const id = await start([idOf(1)]);
    await extractionQueue().kick();
    const jobId = jobIdOf(idOf(1), 1);
    expect((await getJob(jobId))?.state).toBe('failed');
    expect(await view(id)).toMatchObject({ state: 'done', failed: 1 });
    answerEstimated();
    await data('queue.retry', { jobId });
    await extractionQueue().kick();
    expect(await view(id)).toMatchObject({ state: 'done', done: 1, failed: 0 });
    await expectAllProposedFromImports();
  });

  it('a job resumed after its worker stopped between two windows of a long chat', async () => {
    await storeImported([conversation(2, 120)]);
    const id = await start([idOf(2)]);
    const held = gate();
    let calls = 0;
    api.respondWith((req) => {
      calls++;
      const body = sentBody(req);
      const call = callEstimate({ system: body.system, user: body.messages[0]?.content ?? '' });
      const reply = saveMemories(
        's',
        [{ op: 'add', content: `Keeps bees, part ${calls}`, type: 'fact', importance: 3 }],
        {
          input_tokens: call.inputTokens,
          output_tokens: call.outputTokens,
        },
      );
      return calls === 2 ? { ...reply, heldUntil: held.until } : reply;
    });
    const first = await setUpQueue(api, { runner: 'worker-1', settings: { dailyTokenCap: 0 } });
    const run = first.queue.kick();
    await expect.poll(() => calls, { timeout: 20_000 }).toBe(2);
    // The worker is stopped while its second call is out: its lease runs out.
    const job = (await listJobs())[0]!;
    expect(job.windowsDone).toBe(1);
    await updateJob(job.id, { runner: 'stopped-worker', leaseUntil: now() });
    setClock(() => DAY1 + 60_000);
    const second = await setUpQueue(api, { runner: 'worker-2', settings: { dailyTokenCap: 0 } });
    await second.queue.kick();
    held.open();
    await run;
    expect(await view(id)).toMatchObject({ state: 'done', done: 1 });
    await expectAllProposedFromImports();
  });
});
