/** Bulk edits from the side panel: one transaction, before/after returned for undo. */
import type { MemoryRecord } from '../memory/types';
import { now } from '../time';
import { db } from './db';
import { checkStatusChange, type MemoryPatch } from './memories';

export async function updateMemories(
  ids: readonly string[],
  patch: Omit<MemoryPatch, 'when'>,
): Promise<{ before: MemoryRecord[]; after: MemoryRecord[] }> {
  return db.transaction('rw', db.memories, async () => {
    const before = (await db.memories.bulkGet([...ids])).filter((m): m is MemoryRecord => !!m);
    // All or nothing: one proposal among the selection refuses the whole change.
    for (const m of before) checkStatusChange(m, patch);
    const at = now();
    const after = before.map((m) => ({ ...m, ...patch, updatedAt: at }));
    await db.memories.bulkPut(after);
    return { before, after };
  });
}
