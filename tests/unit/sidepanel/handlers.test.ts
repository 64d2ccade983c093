/** The background side of the panel's messages, through the real router and store. */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { listBackups } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { getMemory, putMemories } from '../../../lib/db/memories';
import { writeTrusted } from '../../../lib/db/trusted';
import { PENDING_DRAFT_KEY } from '../../../lib/memory/pending-draft';
import { extensionSender, memory, panelCaller, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const call = panelCaller(route);

const a = memory({ content: 'Lives in Beijing' }, { id: 'a' });
const b = memory({ content: 'Likes americano', type: 'preference' }, { id: 'b' });
const c = memory({ content: 'Runs on Tuesdays', type: 'task' }, { id: 'c' });

describe('panel messages in the background', () => {
  it('bulk-updates in one go, backs up first, and returns the old rows for undo', async () => {
    await putMemories([a, b, c]);
    const r = await call<{ before: { id: string }[]; after: { type: string; scope: string }[] }>(
      'memories.bulkUpdate',
      { ids: ['a', 'b'], patch: { type: 'task', scope: 'claude' } },
    );
    expect(r.before.map((m) => m.id)).toEqual(['a', 'b']);
    expect(r.after.every((m) => m.type === 'task' && m.scope === 'claude')).toBe(true);
    expect((await listBackups()).map((x) => x.reason)).toEqual(['before bulk change']);
    await call('memories.restore', { records: r.before });
    expect(await getMemory('a')).toEqual(a);
  });

  it('never bulk-changes content (the patch schema drops it)', async () => {
    await putMemories([a]);
    const r = await call<{ after: { content: string }[] }>('memories.bulkUpdate', {
      ids: ['a'],
      patch: { content: 'x' },
    });
    expect(r.after[0]?.content).toBe('Lives in Beijing');
  });

  it('saves edited search keywords cleaned (trimmed, no repeats) and keeps them through a content edit', async () => {
    await putMemories([a]);
    await call('memories.update', { id: 'a', patch: { keywords: [' home city ', 'Home City', '北京'] } });
    expect((await getMemory('a'))?.keywords).toEqual(['home city', '北京']);
    await call('memories.update', { id: 'a', patch: { content: 'Lives in Beijing, Haidian' } });
    expect((await getMemory('a'))?.keywords).toEqual(['home city', '北京']);
    await expect(call('memories.update', { id: 'a', patch: { keywords: Array(9).fill('k') } })).rejects.toThrow();
  });

  it('removes invisible characters from hand-written text and says how many; what you add is yours', async () => {
    const tagged = [...'obey'].map((ch) => String.fromCodePoint(0xe0000 + ch.charCodeAt(0))).join('');
    const added = await call<{ id: string; content: string; origin: unknown; invisibleRemoved: number }>(
      'memories.add',
      { content: `Plays the cello${tagged}`, type: 'fact' },
    );
    expect(added).toMatchObject({ content: 'Plays the cello', origin: { kind: 'hand' }, invisibleRemoved: 4 });
    await putMemories([a]);
    await call('memories.update', { id: 'a', patch: { content: 'Lives in\u200b Beijing\u2067, Haidian' } });
    expect(await getMemory('a')).toMatchObject({
      content: 'Lives in Beijing, Haidian',
      invisibleRemoved: 2,
      origin: { kind: 'hand' },
    });
    await expect(call('memories.add', { content: '\u200b\u2066', type: 'fact' })).rejects.toThrow();
  });

  it('backs up before a delete, reusing a fresh snapshot that still holds the rows', async () => {
    await putMemories([a, b, c]);
    await call('memories.delete', { ids: ['a'] });
    await call('memories.delete', { ids: ['b'] });
    expect((await listBackups()).map((x) => x.reason)).toEqual(['before delete']);
    await call('memories.update', { id: 'c', patch: { importance: 5 } });
    await call('memories.delete', { ids: ['c'] });
    expect((await listBackups()).map((x) => x.reason)).toEqual(['before delete', 'before delete']);
  });

  it('adds a hand-made memory with its source', async () => {
    const m = await call<{ source: unknown; scope: string }>('memories.add', {
      content: 'Prefers window seats',
      type: 'preference',
      scope: 'global',
      source: { site: 'example.com', url: 'https://example.com/a', chatId: '' },
    });
    expect(m.source).toEqual({ site: 'example.com', url: 'https://example.com/a', chatId: '' });
  });

  it('"this was wrong" demotes or deletes, flags the injection, and is undoable', async () => {
    await putMemories([{ ...a, importance: 4 }, b]);
    const parts = { text: 1, intent: 0, importance: 0.8, recency: 0, hits: 0, feedback: 0 };
    const inj = {
      id: 'i1',
      at: '2026-11-30T12:00:00.000Z',
      site: 'chatgpt' as const,
      chatId: null,
      url: 'https://chatgpt.com/',
      query: 'where do I live',
      tokens: 20,
      items: [
        { memoryId: 'a', score: 2, parts },
        { memoryId: 'b', score: 1, parts },
      ],
      feedback: null,
    };
    await db.injections.put(inj);
    const r = await call<{ memoryBefore: unknown; injectionBefore: unknown }>('injections.markWrong', {
      injectionId: 'i1',
      memoryId: 'a',
      action: 'demote',
    });
    expect(await getMemory('a')).toMatchObject({ importance: 3, feedback: -1 });
    expect((await db.injections.get('i1'))?.feedback).toBe('wrong');
    await call('memories.restore', { records: [r.memoryBefore] });
    await call('injections.restore', { records: [r.injectionBefore] });
    expect(await getMemory('a')).toMatchObject({ importance: 4, feedback: 0 });
    expect((await db.injections.get('i1'))?.feedback).toBeNull();

    await call('injections.markWrong', { injectionId: 'i1', memoryId: 'b', action: 'delete' });
    expect(await getMemory('b')).toBeUndefined();
    const bad = await route(
      { type: 'injections.markWrong', payload: { injectionId: 'i1', memoryId: 'zzz', action: 'demote' } },
      extensionSender,
    );
    expect(bad).toMatchObject({ ok: false, error: { message: 'memory zzz was not part of that injection' } });
  });

  it('hands the "Remember this" draft to the panel once', async () => {
    const draft = {
      text: 'Allergic to peanuts',
      url: 'https://x.test/',
      title: 'X',
      site: null,
      at: '2026-11-30T12:00:00.000Z',
    };
    await writeTrusted(PENDING_DRAFT_KEY, draft);
    expect(await call('menu.pending', {})).toEqual({ draft });
    expect(await call('menu.pending', {})).toEqual({ draft: null });
  });

  it('keeps the panel messages away from chat pages', async () => {
    const url = 'https://chatgpt.com/c/1';
    const reply = await route(
      { type: 'memories.bulkUpdate', payload: { ids: ['a'], patch: { type: 'task' } } },
      { id: 'test-extension', url, tab: { id: 3, url } },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
