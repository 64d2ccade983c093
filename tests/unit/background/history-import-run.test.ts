/**
 * Bringing chat history in through the real router as tracked work: the batches of one import
 * are one `history` run whose progress (bytes read) goes out as `work.progress`, a memory import
 * or restore is refused while it runs, Cancel refuses the next batch and keeps what came in, and
 * a search (the panel's second message) is answered while a batch is being stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import type { Reply } from '../../../lib/protocol/define';
import type { WorkProgress } from '../../../lib/work/progress';
import { cancelWork, onWorkProgress, runWork, WorkBusy } from '../../../lib/work/tracker';
import { extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const panel = (type: string, payload: unknown) => route({ type, payload }, extensionSender);

const conv = (id: string, text: string) => ({
  site: 'chatgpt',
  conversationId: id,
  title: id,
  url: `https://chatgpt.com/c/${id}`,
  createdAt: null,
  updatedAt: null,
  turns: [{ role: 'user', text, at: null }],
});

const batch = (importId: string, done: number, convs: unknown[]) =>
  panel('history.import', { importId, conversations: convs, read: { done, total: 1000 } });

async function ok<T>(reply: Promise<Reply<unknown>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data as T;
}

let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  for (const importId of ['a', 'b', 'c', 'd', 'e']) await panel('history.importEnd', { importId, failed: false });
});

describe('history import as tracked work', () => {
  it('reports the bytes read through work.progress, one run for the whole import, ended by importEnd', async () => {
    const seen: WorkProgress[] = [];
    stop = onWorkProgress((p) => seen.push(p));
    await ok(batch('a', 400, [conv('one', 'the walrus sleeps')]));
    await ok(batch('a', 1000, [conv('two', 'the pelican dives')]));
    expect(await ok(panel('history.importEnd', { importId: 'a', failed: false }))).toEqual({ ended: true });
    const mine = seen.filter((p) => p.kind === 'history');
    expect(new Set(mine.map((p) => p.runId)).size).toBe(1);
    expect(mine.some((p) => p.phase === 'read' && p.unit === 'bytes' && p.total === 1000)).toBe(true);
    expect(mine.at(-1)).toMatchObject({ state: 'done' });
    const found = await ok<{ results: { chatId: string }[] }>(panel('history.search', { query: 'pelican' }));
    expect(found.results.map((r) => r.chatId)).toEqual(['chatgpt:two']);
  });

  it('refuses a memory import while it runs (same lane), and accepts one after it ended', async () => {
    await ok(batch('b', 10, [conv('one', 'the walrus sleeps')]));
    await expect(runWork('import', async () => 1)).rejects.toBeInstanceOf(WorkBusy);
    await ok(panel('history.importEnd', { importId: 'b', failed: false }));
    await expect(runWork('import', async () => 1)).resolves.toBe(1);
  });

  it('cancel refuses the next batch of that import and keeps the chats already in', async () => {
    await ok(batch('c', 10, [conv('one', 'the walrus sleeps')]));
    expect(cancelWork('history')).toBe(true);
    const refused = await batch('c', 20, [conv('two', 'the pelican dives')]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const walrus = await ok<{ results: unknown[] }>(panel('history.search', { query: 'walrus' }));
    const pelican = await ok<{ results: unknown[] }>(panel('history.search', { query: 'pelican' }));
    expect([walrus.results.length, pelican.results.length]).toEqual([1, 0]);
    // A new import (another file) starts its own run.
    await ok(batch('d', 10, [conv('three', 'the heron waits')]));
  });

  it('answers a search while a large batch is being stored and indexed', async () => {
    const big = Array.from({ length: 150 }, (_, c) =>
      conv(`big-${c}`, Array.from({ length: 1500 }, (_, w) => `walrus${(c + w) % 97} 学习计划${w % 300}`).join(' ')),
    );
    let importedAt = 0;
    const importing = ok(batch('e', 10, big)).then(() => {
      importedAt = performance.now();
    });
    // Let the batch get going (stored, indexing begun) before the second message.
    await new Promise((r) => setTimeout(r, 50));
    await ok(panel('history.search', { query: 'walrus' }));
    const answeredAt = performance.now();
    await importing;
    expect(answeredAt).toBeLessThan(importedAt);
  });
});
