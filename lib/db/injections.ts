/** Repository for the injection audit log. */
import type { Injection } from '../memory/types';
import { db } from './db';

export async function addInjection(row: Injection): Promise<void> {
  await db.injections.put(row);
}

export function getInjection(id: string): Promise<Injection | undefined> {
  return db.injections.get(id);
}

/** The newest injection on this site for this chat: what a follow-up message answers. */
export function latestInjectionForChat(site: string, chatId: string): Promise<Injection | undefined> {
  return db.injections
    .orderBy('at')
    .reverse()
    .filter((row) => row.site === site && row.chatId === chatId)
    .first();
}

/**
 * Marks an injection confirmed or corrected and moves its memories' feedback by `delta`, in one
 * transaction and once only: an injection that already has feedback is left alone (returns null).
 */
export async function applyInjectionFeedback(
  injectionId: string,
  kind: 'confirmed' | 'corrected',
  delta: number,
): Promise<string[] | null> {
  return db.transaction('rw', db.injections, db.memories, async () => {
    const row = await db.injections.get(injectionId);
    if (!row || row.feedback !== null) return null;
    await db.injections.update(injectionId, { feedback: kind });
    const ids = row.items.map((i) => i.memoryId);
    for (const memory of await db.memories.bulkGet(ids)) {
      if (memory) await db.memories.update(memory.id, { feedback: memory.feedback + delta });
    }
    return ids;
  });
}
