/**
 * "This was wrong" from the Activity log: the user says an injected memory did not belong.
 * Demoting lowers its feedback (the ranker reads it) and its importance by one; deleting
 * removes it. Either way the audit record is flagged, and the old rows come back for undo.
 */
import type { Injection, MemoryRecord } from '../memory/types';
import { now } from '../time';
import { db } from './db';

export type WrongAction = 'demote' | 'delete';

export async function markInjectionWrong(
  injectionId: string,
  memoryId: string,
  action: WrongAction,
): Promise<{ memoryBefore: MemoryRecord; injectionBefore: Injection }> {
  return db.transaction('rw', db.memories, db.injections, async () => {
    const injectionBefore = await db.injections.get(injectionId);
    if (!injectionBefore) throw new Error(`injection ${injectionId} not found`);
    if (!injectionBefore.items.some((i) => i.memoryId === memoryId))
      throw new Error(`memory ${memoryId} was not part of that injection`);
    const memoryBefore = await db.memories.get(memoryId);
    if (!memoryBefore) throw new Error(`memory ${memoryId} no longer exists`);
    if (action === 'delete') await db.memories.delete(memoryId);
    else
      await db.memories.put({
        ...memoryBefore,
        feedback: memoryBefore.feedback - 1,
        importance: Math.max(1, memoryBefore.importance - 1),
        updatedAt: now(),
      });
    await db.injections.put({ ...injectionBefore, feedback: 'wrong' });
    return { memoryBefore, injectionBefore };
  });
}

export async function putInjections(rows: readonly Injection[]): Promise<void> {
  await db.injections.bulkPut([...rows]);
}
