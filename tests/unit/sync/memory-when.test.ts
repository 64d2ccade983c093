/**
 * A memory's date (`when`) through sync: it travels and merges as its own field, a device
 * clearing it clears it everywhere, and a copy written by an older build (which drops the field
 * it does not know and stamps its record with a clock that looks newer) never erases it.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../../lib/memory/factory';
import { decodeDoc, encodeDoc, type MemoryDoc, memoryKey } from '../../../lib/sync/codec';
import { serverId } from '../../../lib/sync/keys';
import { unknownFields } from '../../../lib/sync/later-fields';
import { mergeMemories, stampMemory } from '../../../lib/sync/merge';
import { project } from '../../../lib/sync/project';
import { twoDevices } from './devices';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T11:00:00.000Z';
const T3 = '2026-11-03T09:00:00.000Z';

type Raw = Record<string, unknown> & { _id: string; _rev: string };

function dated(): MemoryDoc {
  const m = {
    ...createMemory({ content: 'Interview at Globex', type: 'task' }),
    id: 'm1',
    createdAt: T0,
    updatedAt: T0,
  };
  return stampMemory('m:m1', project({ ...m, when: '2026-11-27' }), null, T0) as MemoryDoc;
}

/** The same memory as an older build writes it back after pinning it: no `when`, one clock. */
function fromOlderBuild(doc: MemoryDoc, at: string): MemoryDoc {
  const { when: _dropped, ...rec } = doc.rec;
  return { ...doc, rec: { ...rec, pinned: true, updatedAt: at }, clk: { '*': at } };
}

describe('merging a memory’s date', () => {
  it('names its clock, so it never hides under the common one', () => {
    const doc = dated();
    expect(doc.clk).toEqual({ '*': T0, when: T0 });
    const pinned = stampMemory('m:m1', { ...doc.rec, pinned: true, updatedAt: T1 }, doc, T1) as MemoryDoc;
    expect(pinned.clk.when).toBe(T0);
  });

  it('keeps the date against an older build’s copy, whatever the order, and takes its other changes', () => {
    const ours = dated();
    const old = fromOlderBuild(ours, T3);
    expect(unknownFields(old)).toEqual(['when']);
    expect(unknownFields(ours)).toEqual([]);
    const one = mergeMemories(ours, old).doc;
    expect(one.rec).toMatchObject({ when: '2026-11-27', pinned: true });
    expect(mergeMemories(old, ours).doc).toEqual(one);
  });

  it('lets a clear made on a newer build win over the date it clears', () => {
    const ours = dated();
    const { when: _cleared, ...rest } = ours.rec;
    const cleared = stampMemory('m:m1', { ...rest, updatedAt: T1 }, ours, T1) as MemoryDoc;
    expect(cleared.clk.when).toBe(T1);
    expect(unknownFields(cleared)).toEqual([]);
    expect(mergeMemories(ours, cleared).doc.rec.when).toBeUndefined();
    expect(mergeMemories(cleared, ours).doc.rec.when).toBeUndefined();
  });
});

describe('a memory’s date between devices', () => {
  it('survives a round trip, and a clear on one device reaches the other', async () => {
    const { a, b } = await twoDevices();
    const m = await a.add({ content: 'Dentist appointment', type: 'task', when: '2026-12-14' });
    await a.round();
    await b.round();
    expect((await b.get(m.id))?.when).toBe('2026-12-14');

    await b.edit(m.id, { when: '2026-12-15' }, '2026-12-01T09:00:00.000Z');
    await b.round();
    await a.round();
    expect((await a.get(m.id))?.when).toBe('2026-12-15');

    await a.db.memories.update(m.id, { when: undefined, updatedAt: '2026-12-02T09:00:00.000Z' });
    await a.round();
    await b.round();
    const there = await b.get(m.id);
    expect(there).toBeDefined();
    expect(there?.when).toBeUndefined();
  });

  it('is not erased by an older build’s copy, and is sent back to the server', async () => {
    const { a, remote } = await twoDevices();
    const m = await a.add({
      content: 'Moving to Lyon',
      type: 'fact',
      when: '2027-03-01',
      createdAt: T0,
      updatedAt: T0,
    });
    await a.round();
    const sid = await serverId(a.keys, memoryKey(m.id));
    const stored = (await remote.get(sid)) as Raw;
    const opened = await decodeDoc(a.keys, stored);
    if (!opened.ok || opened.doc.k !== 'm') throw new Error('expected the memory document');
    // An older device pins the memory: it writes the record it knows, over the server's revision.
    const old = fromOlderBuild(opened.doc, '2026-12-05T08:00:00.000Z');
    await remote.put({ ...(await encodeDoc(a.keys, old)), _rev: stored._rev });

    await a.round();
    const here = await a.get(m.id);
    expect(here).toMatchObject({ pinned: true, when: '2027-03-01' });
    // The next round sends the date back, so a device joining later gets it from the server.
    await a.round();
    const back = await decodeDoc(a.keys, await remote.get(sid));
    expect(back.ok && back.doc.k === 'm' && back.doc.rec).toMatchObject({ pinned: true, when: '2027-03-01' });
  });
});
