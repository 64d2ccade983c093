/**
 * Memories without search keywords, and storing the keywords the model made for them. A
 * memory's keywords are derived search terms, not a change of what it says: writing them keeps
 * `updatedAt` (recency and the history stay as they were). The write re-checks each memory in
 * its own transaction, so keywords made for a text the user has since edited, or for a memory
 * that got keywords another way meanwhile, are dropped rather than written over it. The index
 * middleware (memory-index-source.ts) re-indexes what changed.
 */
import { cleanKeywords } from '../memory/keyword-list';
import { db } from './db';

export interface KeywordTarget {
  id: string;
  content: string;
}

/** Active, current memories that have no keywords yet, newest first. */
export async function memoriesWithoutKeywords(): Promise<KeywordTarget[]> {
  const rows = await db.memories.where('status').equals('active').toArray();
  return rows
    .filter((m) => m.supersededBy === null && (m.keywords ?? []).length === 0)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id))
    .map((m) => ({ id: m.id, content: m.content }));
}

/** Stores keywords for the memories still as they were asked about; returns how many got them. */
export async function saveKeywords(
  found: readonly { item: KeywordTarget; keywords: readonly string[] }[],
): Promise<number> {
  return db.transaction('rw', db.memories, async () => {
    const rows = await db.memories.bulkGet(found.map((f) => f.item.id));
    const changes = found.flatMap((f, i) => {
      const row = rows[i];
      const keywords = cleanKeywords(f.keywords);
      if (!row || row.content !== f.item.content || (row.keywords ?? []).length > 0 || keywords.length === 0) return [];
      return [{ key: row.id, changes: { keywords } }];
    });
    if (changes.length > 0) await db.memories.bulkUpdate(changes);
    return changes.length;
  });
}
