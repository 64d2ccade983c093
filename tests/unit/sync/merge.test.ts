/** The merge rules on their own: deterministic, order-free, never dropping a text. */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../../lib/memory/factory';
import type { MemoryDoc, PlainDoc } from '../../../lib/sync/codec';
import { clockOf, mergeMemories, resolve, stampMemory } from '../../../lib/sync/merge';
import { project } from '../../../lib/sync/project';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T11:00:00.000Z';
const T2 = '2026-11-01T12:00:00.000Z';

function base(): MemoryDoc {
  const m = { ...createMemory({ content: 'Works at Acme', type: 'fact' }), id: 'm1', updatedAt: T0, createdAt: T0 };
  return stampMemory('m:m1', project(m), null, T0) as MemoryDoc;
}

const changed = (doc: MemoryDoc, patch: Partial<MemoryDoc['rec']>, at: string) =>
  stampMemory('m:m1', { ...doc.rec, ...patch, updatedAt: at }, doc, at) as MemoryDoc;

describe('stamping a local change', () => {
  it('writes nothing when nothing changed, and clocks only the fields that did', () => {
    const b = base();
    expect(stampMemory('m:m1', b.rec, b, T1)).toBeNull();
    const pinned = changed(b, { pinned: true }, T1);
    expect(clockOf(pinned, 'pinned')).toBe(T1);
    expect(clockOf(pinned, 'content')).toBe(T0);
    expect(pinned.clk).toEqual({ '*': T0, pinned: T1, updatedAt: T1 });
    expect(pinned.ch).toEqual([]);
  });

  it('remembers the text it replaced', () => {
    const edited = changed(base(), { content: 'Works at Globex' }, T1);
    expect(edited.ch).toHaveLength(1);
  });
});

describe('merging two revisions', () => {
  it('takes each metadata field from the side that changed it last', () => {
    const b = base();
    const x = changed(b, { importance: 5 }, T1);
    const y = changed(b, { pinned: true, importance: 2 }, T2);
    const { doc, otherText } = mergeMemories(x, y);
    expect(doc.rec).toMatchObject({ importance: 2, pinned: true, content: 'Works at Acme' });
    expect(otherText).toBeNull();
    expect(mergeMemories(y, x).doc).toEqual(doc);
  });

  it('lets a new text replace the one it was written over, silently', () => {
    const b = base();
    const edited = changed(b, { content: 'Works at Globex' }, T1);
    const pinnedOld = changed(b, { pinned: true }, T2);
    const { doc, otherText } = mergeMemories(edited, pinnedOld);
    expect(doc.rec).toMatchObject({ content: 'Works at Globex', pinned: true });
    expect(otherText).toBeNull();
  });

  it('keeps the newest of two texts written apart and hands back the other', () => {
    const b = base();
    const x = changed(b, { content: 'Works at Globex' }, T1);
    const y = changed(b, { content: 'Works at Initech' }, T2);
    const one = mergeMemories(x, y);
    const two = mergeMemories(y, x);
    expect(one.doc.rec.content).toBe('Works at Initech');
    expect(one.otherText).toBe('Works at Globex');
    expect(two).toEqual(one);
    // Merging the result with either side again changes nothing and reports no new conflict.
    expect(mergeMemories(one.doc, x)).toEqual({ doc: one.doc, otherText: null });
  });
});

describe('resolving a record', () => {
  it('lets an edit made after a deletion win, and a deletion after the last edit', () => {
    const b = base();
    const edited = changed(b, { note: 'still true' }, T2);
    const goneBefore: PlainDoc = { k: 'x', id: 'm:m1', at: T1 };
    expect(resolve([goneBefore, edited])).toMatchObject({ doc: edited, editBeatDelete: true });
    const goneAfter: PlainDoc = { k: 'x', id: 'm:m1', at: '2026-11-02T00:00:00.000Z' };
    expect(resolve([edited, goneAfter])).toMatchObject({ doc: goneAfter, editBeatDelete: false });
  });

  it('gives the same answer whatever order the revisions come in', () => {
    const b = base();
    const docs = [
      changed(b, { content: 'Works at Globex' }, T1),
      changed(b, { content: 'Works at Initech' }, T2),
      changed(b, { pinned: true }, T1),
    ];
    const one = resolve(docs);
    expect(resolve([...docs].reverse())).toEqual(one);
    expect(resolve([docs[1]!, docs[2]!, docs[0]!])).toEqual(one);
    expect(one.otherTexts).toEqual(['Works at Globex']);
  });

  it('takes the newest rules', () => {
    const older: PlainDoc = { k: 'r', id: 'r:privacy', group: 'privacy', at: T1, value: [] };
    const newer: PlainDoc = { ...older, at: T2, value: [{ label: 'x', pattern: 'y' }] };
    expect(resolve([newer, older]).doc).toBe(newer);
  });
});
