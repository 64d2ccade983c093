/**
 * Applying in batches (one read, one decision pass and one write per batch of changes): a round
 * stopped between batches or failing inside one loses nothing and doubles nothing, and an edit
 * made here while a batch applies is never overwritten.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../../lib/memory/factory';
import type { WorkHandle } from '../../../lib/work/tracker';
import { type Device, twoDevices } from './devices';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T11:00:00.000Z';
const T2 = '2026-11-01T12:00:00.000Z';
/** More than two of apply's batches (500 changes each). */
const MANY = 1100;
/** Two devices syncing MANY memories through fake-indexeddb take seconds on a busy machine. */
const SLOW = 120_000;

async function seed(a: Device, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    ...createMemory({ content: `Fact number ${i} about the garden`, type: 'fact' }),
    id: `mem-${String(i).padStart(5, '0')}`,
    updatedAt: T0,
    createdAt: T0,
  }));
  await a.db.memories.bulkPut(rows);
  return rows.map((r) => r.id);
}

/** A work handle whose user presses Cancel at the given checkpoint of the merge phase. */
function cancelDuringMerge(at: number): WorkHandle {
  const controller = new AbortController();
  let phase = '';
  let seen = 0;
  return {
    signal: controller.signal,
    phase: (p) => {
      phase = p;
    },
    set: () => {},
    advance: () => {},
    committing: () => {},
    checkpoint: () => {
      if (phase === 'merge' && ++seen === at) throw new Error('cancelled');
    },
  };
}

async function expectSame(a: Device, b: Device): Promise<void> {
  const [onA, onB] = [await a.all(), await b.all()];
  expect(onB.map((m) => m.id)).toEqual(onA.map((m) => m.id));
  expect(onB.map((m) => m.content)).toEqual(onA.map((m) => m.content));
}

describe('applying in batches', () => {
  it(
    'goes on after a round stopped between batches, without losing or doubling a memory',
    async () => {
      const { a, b } = await twoDevices();
      await seed(a, MANY);
      await a.round();
      const round = b.roundInput();
      await expect(b.roundWith({ ...round, work: cancelDuringMerge(2) })).rejects.toThrow('cancelled');
      // The first batch is in the store; the rest waits in the mirror.
      const part = await b.db.memories.count();
      expect(part).toBeGreaterThan(0);
      expect(part).toBeLessThan(MANY);
      await b.round();
      expect(await b.db.memories.count()).toBe(MANY);
      await expectSame(a, b);
      // Nothing of it is taken for a change made here: the next rounds send nothing back.
      expect((await b.round()).staged).toEqual([]);
      expect((await a.round()).applied).toBe(0);
      expect(await a.db.memories.count()).toBe(MANY);
    },
    SLOW,
  );

  it(
    'writes nothing of a batch that fails, and applies it whole the next round',
    async () => {
      const { a, b } = await twoDevices();
      await seed(a, MANY);
      await a.round();
      const real = b.db.memories.bulkPut.bind(b.db.memories);
      let calls = 0;
      b.db.memories.bulkPut = ((...args: Parameters<typeof real>) => {
        if (++calls === 2) throw new Error('disk full');
        return real(...args);
      }) as typeof real;
      await expect(b.round()).rejects.toThrow('disk full');
      // The first batch whole (every memory with its synced hash), nothing of the second.
      const after = await b.db.memories.count();
      expect(after).toBeGreaterThan(400);
      expect(after).toBeLessThanOrEqual(500);
      expect(await b.db.synced.where('id').startsWith('m:').count()).toBe(after);
      b.db.memories.bulkPut = real;
      await b.round();
      expect(await b.db.memories.count()).toBe(MANY);
      expect(await b.db.synced.where('id').startsWith('m:').count()).toBe(MANY);
      await expectSame(a, b);
      expect((await b.round()).staged).toEqual([]);
    },
    SLOW,
  );

  it('never overwrites an edit made here while a batch applies', async () => {
    const { a, b } = await twoDevices();
    const m = await a.add({ id: 'mem-1', content: 'Walks the dog at seven', type: 'task', updatedAt: T0 });
    await a.round();
    await b.round();
    await a.edit(m.id, { content: 'Walks the dog at eight' }, T1);
    await a.round();
    // The edit lands as the apply transaction starts: it waits for it, or the apply defers to it.
    const apply = b.local.applyIncoming.bind(b.local);
    let during: Promise<unknown> | null = null;
    b.local.applyIncoming = (items) => {
      during ??= b.edit(m.id, { content: 'Walks the dog at nine' }, T2);
      return apply(items);
    };
    await b.round();
    await during;
    expect((await b.get(m.id))?.content).toBe('Walks the dog at nine');
    b.local.applyIncoming = apply;
    await b.round();
    await a.round();
    for (const d of [a, b]) expect((await d.get(m.id))?.content).toBe('Walks the dog at nine');
  });

  it('keeps one of two identical new memories that arrive in the same batch', async () => {
    const { a, b } = await twoDevices();
    await a.add({ id: 'aaa', content: 'Prefers metric units', type: 'preference', updatedAt: T0 });
    await a.add({ id: 'bbb', content: 'prefers metric units.', type: 'preference', updatedAt: T0 });
    await a.round();
    const down = await b.round();
    expect(down.applied).toBeGreaterThanOrEqual(2);
    expect((await b.all()).map((r) => r.id)).toEqual(['aaa']);
    await a.round();
    expect((await a.all()).map((r) => r.id)).toEqual(['aaa']);
  });
});
