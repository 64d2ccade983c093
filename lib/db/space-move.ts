/**
 * Moving memories between spaces (or to Everywhere) from the side panel: one transaction, the
 * records before and after returned for undo. A memory's earlier versions move with it, so its
 * history stays in the space its text lives in.
 */
import type { SpaceId } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import { now } from '../time';
import { db } from './db';
import { UnknownSpaceError } from './spaces';

/** The same record in `space` (null: Everywhere, the field absent). */
export function inSpace(m: MemoryRecord, space: SpaceId | null, at: string): MemoryRecord {
  const { space: _old, ...rest } = m;
  return space === null ? { ...rest, updatedAt: at } : { ...rest, space, updatedAt: at };
}

export async function moveMemories(
  ids: readonly string[],
  space: SpaceId | null,
): Promise<{ before: MemoryRecord[]; after: MemoryRecord[] }> {
  return db.transaction('rw', db.memories, db.spaces, async () => {
    if (space !== null && !(await db.spaces.get(space))) throw new UnknownSpaceError(space);
    const chosen = (await db.memories.bulkGet([...ids])).filter((m): m is MemoryRecord => !!m);
    const picked = new Set(chosen.map((m) => m.id));
    const versions = (await db.memories.where('status').equals('superseded').toArray()).filter(
      (v) => v.supersededBy !== null && picked.has(v.supersededBy) && !picked.has(v.id),
    );
    const before = [...chosen, ...versions].filter((m) => (m.space ?? null) !== space);
    const at = now();
    const after = before.map((m) => inSpace(m, space, at));
    await db.memories.bulkPut(after);
    return { before, after };
  });
}

/** Adds a new memory to its space, refusing a space that does not exist (deleted meanwhile). */
export async function addInSpace(memory: MemoryRecord & { space: SpaceId }): Promise<void> {
  await db.transaction('rw', db.memories, db.spaces, async () => {
    if (!(await db.spaces.get(memory.space))) throw new UnknownSpaceError(memory.space);
    await db.memories.add(memory);
  });
}
