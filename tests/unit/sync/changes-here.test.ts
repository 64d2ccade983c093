/**
 * The change log a round compares from: it must name every memory a write touched, whatever
 * the write's shape, and ask for the whole store whenever it cannot name them.
 */
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { MemDB } from '../../../lib/db/db';
import { createMemory } from '../../../lib/memory/factory';
import type { MemoryRecord } from '../../../lib/memory/types';
import { ChangeLog } from '../../../lib/sync/changes-here';

let n = 0;
/** A store, and a log begun after it was created (creating a database is itself a whole-store change). */
async function store(): Promise<{ db: MemDB; log: ChangeLog }> {
  const db = new MemDB(`changes-here-${++n}`);
  await db.open();
  const log = new ChangeLog(db.name);
  Dexie.on('storagemutated', (parts) => void log.note(parts));
  return { db, log };
}

const memory = (id: string, content: string): MemoryRecord =>
  ({ ...createMemory({ content, type: 'fact' }), id }) as MemoryRecord;

const named = (log: ChangeLog) => {
  const taken = log.take();
  return taken.whole ? 'whole' : [...taken.memories].sort();
};

describe('the change log', () => {
  it('asks for the whole store first: a worker that just started saw nothing', async () => {
    const { log } = await store();
    expect(named(log)).toBe('whole');
    expect(named(log)).toEqual([]);
  });

  it('trusts its start when told the worker before left nothing, under the same travel switches', async () => {
    const { db, log } = await store();
    await db.memories.put(memory('a', 'Lives in Lyon'));
    expect(log.pending).toBe(true);
    log.startKnown('chats off');
    expect(log.take('chats off')).toEqual({ whole: false, memories: ['a'] });
    expect(log.pending).toBe(false);
    const other = await store();
    other.log.startKnown('chats off');
    expect(other.log.take('chats on')).toEqual({ whole: true });
  });

  it('names the memories each kind of write touched, and no others', async () => {
    const { db, log } = await store();
    await db.memories.bulkPut([memory('a', 'Lives in Lyon'), memory('b', 'Has a cat'), memory('c', 'Runs')]);
    log.take();
    await db.memories.put(memory('d', 'Swims on Fridays'));
    expect(named(log)).toEqual(['d']);
    await db.memories.update('a', { content: 'Lives in Paris' });
    await db.memories.bulkPut([memory('b', 'Has two cats'), memory('e', '住在成都')]);
    expect(named(log)).toEqual(['a', 'b', 'e']);
    await db.memories.where('id').anyOf(['c', 'd']).modify({ pinned: true });
    expect(named(log)).toEqual(['c', 'd']);
    await db.memories.delete('e');
    await db.memories.where('id').equals('a').delete();
    expect(named(log)).toEqual(['a', 'e']);
    await db.transaction('rw', db.memories, async () => {
      await db.memories.put(memory('f', 'Drinks oat latte'));
      await db.memories.bulkDelete(['b']);
    });
    expect(named(log)).toEqual(['b', 'f']);
  });

  it('names nothing for a transaction that failed', async () => {
    const { db, log } = await store();
    log.take();
    await expect(
      db.transaction('rw', db.memories, async () => {
        await db.memories.put(memory('x', 'Never written'));
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect(named(log)).toEqual([]);
  });

  it('asks for the whole store after what it cannot name: a cleared table, a chat, very many memories', async () => {
    const { db, log } = await store();
    log.take();
    await db.memories.clear();
    expect(named(log)).toBe('whole');
    await db.chats.put({ id: 'c1', site: 'chatgpt', title: 'A chat', turns: [] } as never);
    expect(named(log)).toBe('whole');
    await db.memories.bulkPut(Array.from({ length: 2001 }, (_, i) => memory(`m${i}`, `Fact ${i}`)));
    expect(named(log)).toBe('whole');
    await db.memories.put(memory('m1', 'Fact one'));
    expect(named(log)).toEqual(['m1']);
  });

  it('gives back what a failed round took, with what changed meanwhile', async () => {
    const { db, log } = await store();
    log.take();
    await db.memories.put(memory('a', 'Lives in Lyon'));
    const taken = log.take();
    await db.memories.put(memory('b', 'Has a cat'));
    log.putBack(taken);
    expect(named(log)).toEqual(['a', 'b']);
    log.putBack({ whole: true });
    expect(named(log)).toBe('whole');
  });

  it('asks for the whole store when what travels changed since the last round', async () => {
    const { db, log } = await store();
    log.take('chats off');
    await db.memories.put(memory('a', 'Lives in Lyon'));
    expect(log.take('chats off')).toEqual({ whole: false, memories: ['a'] });
    expect(log.take('chats on')).toEqual({ whole: true });
    expect(log.take('chats on')).toEqual({ whole: false, memories: [] });
  });

  it('drops what a round compared after its mark, and keeps a memory written again after it', async () => {
    const { db, log } = await store();
    log.take();
    await db.memories.bulkPut([memory('a', 'Lives in Lyon'), memory('b', 'Has a cat')]);
    const mark = log.mark();
    await db.memories.put(memory('b', 'Has two cats'));
    log.compared(['a', 'b', 'c'], mark);
    expect(named(log)).toEqual(['b']);
  });

  it("notes nothing of another database's writes", async () => {
    const { log } = await store();
    const other = await store();
    log.take();
    await other.db.memories.put(memory('z', 'Elsewhere'));
    expect(named(log)).toEqual([]);
  });

  it('makes a round due for a change to the spaces, which every round compares whole', async () => {
    const { db, log } = await store();
    log.take();
    expect(log.pending).toBe(false);
    const due: boolean[] = [];
    const listen = (parts: Parameters<ChangeLog['note']>[0]) => void due.push(new ChangeLog(db.name).note(parts));
    Dexie.on('storagemutated', listen);
    try {
      await db.spaces.put({
        id: 'sp-1',
        name: 'Work',
        description: '',
        isolated: false,
        archived: false,
        endsAt: null,
        projects: [],
        sites: [],
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-01T10:00:00.000Z',
      });
    } finally {
      Dexie.on('storagemutated').unsubscribe(listen);
    }
    expect(due).toContain(true);
    expect(log.pending).toBe(true);
    expect(log.take()).toEqual({ whole: false, memories: [] });
    expect(log.pending).toBe(false);
  });
});
