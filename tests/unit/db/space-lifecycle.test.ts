/**
 * A space's life in the store: memories move in and out (with their earlier versions), a
 * space is deleted with its memories moved to Everywhere or deleted, and undo of a delete puts
 * the space and every memory back exactly as they were.
 */
import { describe, expect, it } from 'vitest';
import { db } from '../../../lib/db/db';
import { deleteSpace, restoreSpace } from '../../../lib/db/space-delete';
import { editSpace } from '../../../lib/db/space-edit';
import { moveMemories } from '../../../lib/db/space-move';
import { createSpace, spaceCounts, UnknownSpaceError } from '../../../lib/db/spaces';
import type { MemoryRecord } from '../../../lib/memory/types';
import { memory } from '../helpers';

async function snapshot() {
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  return { spaces: byId(await db.spaces.toArray()), memories: byId(await db.memories.toArray()) };
}

async function setup() {
  const work = await createSpace({ name: 'Work', description: 'Acme, the day job' });
  const home = await createSpace({ name: 'Home' });
  const rows: MemoryRecord[] = [
    memory({ content: 'Uses Jira at work' }, { id: 'w1', space: work.id, pinned: true }),
    memory({ content: 'Standup at 9' }, { id: 'w2', space: work.id, status: 'proposed' }),
    // An earlier text of w1, kept as its version.
    memory(
      { content: 'Uses Trello at work' },
      { id: 'w1-old', space: work.id, status: 'superseded', supersededBy: 'w1' },
    ),
    memory({ content: 'Grows tomatoes' }, { id: 'h1', space: home.id }),
    memory({ content: 'Lives in Chengdu' }, { id: 'e1' }),
  ];
  await db.memories.bulkPut(rows);
  return { work, home };
}

describe('moving memories between spaces', () => {
  it('moves to a space and back to Everywhere, with their versions, returning what undo needs', async () => {
    const { work, home } = await setup();
    const moved = await moveMemories(['w1', 'e1'], home.id);
    expect(moved.before.map((m) => m.id).sort()).toEqual(['e1', 'w1', 'w1-old']);
    expect((await db.memories.get('w1'))?.space).toBe(home.id);
    expect((await db.memories.get('w1-old'))?.space).toBe(home.id);
    expect((await db.memories.get('e1'))?.space).toBe(home.id);
    expect((await db.memories.get('w2'))?.space).toBe(work.id);

    const back = await moveMemories(['w1'], null);
    const w1 = await db.memories.get('w1');
    expect(w1 && 'space' in w1).toBe(false);
    expect(back.after.every((m) => m.space === undefined)).toBe(true);
    // Nothing to move: nothing written, nothing to undo.
    expect((await moveMemories(['w1'], null)).before).toEqual([]);
  });

  it('refuses a space that does not exist and moves nothing', async () => {
    await setup();
    const before = await snapshot();
    await expect(moveMemories(['e1'], 'sp-gone')).rejects.toBeInstanceOf(UnknownSpaceError);
    expect(await snapshot()).toEqual(before);
  });

  it('counts follow a move', async () => {
    const { work, home } = await setup();
    await moveMemories(['w2'], home.id);
    const counts = await spaceCounts();
    expect(counts.bySpace.get(work.id)).toBe(2);
    expect(counts.bySpace.get(home.id)).toBe(2);
    expect(counts.everywhere).toBe(1);
  });
});

describe('deleting a space', () => {
  it('moves its memories to Everywhere, and undo puts space and memories back exactly', async () => {
    const { work, home } = await setup();
    const before = await snapshot();
    const deleted = await deleteSpace(work.id, 'everywhere');
    expect(deleted?.space).toEqual(work);
    expect(await db.spaces.get(work.id)).toBeUndefined();
    for (const id of ['w1', 'w2', 'w1-old']) {
      const m = await db.memories.get(id);
      expect(m, id).toBeDefined();
      expect(m?.space, id).toBeUndefined();
    }
    expect((await db.memories.get('h1'))?.space).toBe(home.id);
    expect((await spaceCounts()).everywhere).toBe(4);

    await restoreSpace(deleted!);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes its memories with their versions, and undo puts them all back exactly', async () => {
    const { work } = await setup();
    // A version of a Work memory that sits Everywhere (moved before it was replaced) goes with it.
    await db.memories.put(
      memory({ content: 'Uses Asana' }, { id: 'w1-older', status: 'superseded', supersededBy: 'w1' }),
    );
    const before = await snapshot();
    const deleted = await deleteSpace(work.id, 'delete');
    expect(deleted?.memories.map((m) => m.id).sort()).toEqual(['w1', 'w1-old', 'w1-older', 'w2']);
    expect((await db.memories.toArray()).map((m) => m.id).sort()).toEqual(['e1', 'h1']);
    expect(await db.spaces.count()).toBe(1);

    await restoreSpace(deleted!);
    expect(await snapshot()).toEqual(before);
  });

  it('answers undefined for a space already gone, changing nothing', async () => {
    await setup();
    const before = await snapshot();
    expect(await deleteSpace('sp-gone', 'delete')).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });

  it('a memory whose space was deleted elsewhere is kept and still counted', async () => {
    const { work } = await setup();
    // Another device deleted Work: its record goes, its memories arrive later still naming it.
    await db.spaces.delete(work.id);
    const counts = await spaceCounts();
    expect(counts.bySpace.get(work.id)).toBe(3);
    expect(await db.memories.get('w1')).toBeDefined();
  });
});

describe('editing a space', () => {
  it('returns the record before and after; a gone space gives undefined', async () => {
    const { work } = await setup();
    const edit = await editSpace(work.id, { name: 'Acme', archived: true });
    expect(edit?.before).toEqual(work);
    expect(edit?.after).toMatchObject({ name: 'Acme', archived: true, description: work.description });
    expect(await editSpace('sp-gone', { name: 'x' })).toBeUndefined();
    await expect(editSpace(work.id, { description: 'x'.repeat(301) })).rejects.toThrow();
    expect((await db.spaces.get(work.id))?.name).toBe('Acme');
  });
});
