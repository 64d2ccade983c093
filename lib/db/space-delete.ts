/**
 * Deleting a space and what becomes of its memories, in one transaction: they move to
 * Everywhere or are deleted (with their earlier versions). Everything as it was is returned, so
 * undo (`restoreSpace`) puts the space and every memory back exactly. This is the one place a
 * space is deleted: a deletion marker for sync belongs inside this transaction.
 */
import type { SpaceMemoryFate } from '../memory/space-fates';
import type { Space, SpaceId } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import { now } from '../time';
import { db } from './db';
import { inSpace } from './space-move';

export interface DeletedSpace {
  space: Space;
  /** Every memory the delete changed or removed, as it was before. */
  memories: MemoryRecord[];
}

/** The memories of `id` (any status) and, for a delete, the versions of those memories. */
async function memoriesOf(id: SpaceId): Promise<MemoryRecord[]> {
  const own = await db.memories.filter((m) => m.space === id).toArray();
  const gone = new Set(own.map((m) => m.id));
  const versions = (await db.memories.where('status').equals('superseded').toArray()).filter(
    (v) => v.supersededBy !== null && gone.has(v.supersededBy) && !gone.has(v.id),
  );
  return [...own, ...versions];
}

/** Memory ids the delete would touch: the backup taken first must hold them. */
export async function spaceMemoryIds(id: SpaceId): Promise<string[]> {
  return (await memoriesOf(id)).map((m) => m.id);
}

/** Deletes the space; undefined when it does not exist (deleted meanwhile). */
export async function deleteSpace(id: SpaceId, fate: SpaceMemoryFate): Promise<DeletedSpace | undefined> {
  return db.transaction('rw', db.spaces, db.memories, async () => {
    const space = await db.spaces.get(id);
    if (!space) return undefined;
    const before = await memoriesOf(id);
    if (fate === 'delete') {
      await db.memories.bulkDelete(before.map((m) => m.id));
    } else {
      const at = now();
      // Only the space's own: a version of one of them that sat in another space stays there.
      await db.memories.bulkPut(before.filter((m) => m.space === id).map((m) => inSpace(m, null, at)));
    }
    await db.spaces.delete(id);
    return { space, memories: before.filter((m) => fate === 'delete' || m.space === id) };
  });
}

/** Undo of a delete: the space record and every memory exactly as they were. */
export async function restoreSpace(deleted: DeletedSpace): Promise<void> {
  await db.transaction('rw', db.spaces, db.memories, async () => {
    await db.spaces.put(deleted.space);
    await db.memories.bulkPut(deleted.memories);
  });
}
