/**
 * The store's side of spaces in sync: which spaces there are with what each last synced as, and
 * applying spaces from another device. Applying is conditional as it is for memories
 * (sync-local.ts): a replay from before what synced here, or from before a deletion here, is
 * refused; a space changed here since its last sync is left for the merge. A space arriving
 * gives back the memories that waited for it; a space deleted by another device sends its
 * memories here to review (lib/memory/space-gone.ts), never to Everywhere.
 */
import { inMissingSpace, spaceBack, waitsForSpace } from '../memory/space-gone';
import { MAX_SPACES, type Space, type SpaceId } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import { deletedAt, deletionMark } from '../sync/deletion-marks';
import { hashSpace } from '../sync/space-docs';
import type { MemDB, SyncedRow } from './db';

export interface IncomingSpace {
  /** The sync key, `s:<id>`. */
  key: string;
  id: SpaceId;
  /** The space as the merge left it, or null: deleted. */
  rec: Space | null;
  /** Hash of `rec` (absent when deleted). */
  h: string | null;
  /** The latest change the document records (a deletion: its time). */
  clock: string;
}

export interface SpaceApplyResult {
  applied: number;
  /** Keys whose incoming state is older than the one already synced (a replay): ignored, sent again. */
  stale: string[];
  /** Keys of new spaces past the bound of spaces (MAX_SPACES): never stored. */
  refused: string[];
  /** Memories that came back from review, their space here again (what the second stage compares). */
  touched: string[];
  /** Spaces deleted here by this batch: their memories go to review once the round has applied all. */
  removed: SpaceId[];
}

/** Every space here, and what each space key last synced as (deletion markers included). */
export async function spaceState(db: MemDB): Promise<{ spaces: Space[]; synced: Map<string, string> }> {
  return db.transaction('r', db.spaces, db.synced, async () => {
    const [spaces, rows] = await Promise.all([db.spaces.toArray(), db.synced.where('id').startsWith('s:').toArray()]);
    return { spaces, synced: new Map(rows.map((r) => [r.id, r.h])) };
  });
}

export async function applySpaces(db: MemDB, items: readonly IncomingSpace[]): Promise<SpaceApplyResult> {
  const result: SpaceApplyResult = { applied: 0, stale: [], refused: [], touched: [], removed: [] };
  if (items.length === 0) return result;
  await db.transaction('rw', db.spaces, db.synced, db.memories, async () => {
    const arrived = new Set<SpaceId>();
    const removed = new Set<SpaceId>();
    let count = await db.spaces.count();
    for (const item of items) {
      const current = await db.spaces.get(item.id);
      const row = await db.synced.get(item.key);
      const deleted = deletedAt(row?.h);
      const beforeDeletion = deleted !== null && item.rec !== null && item.clock <= deleted;
      if ((row?.c && item.clock < row.c) || beforeDeletion) {
        result.stale.push(item.key);
        await db.synced.put({ ...(row as SyncedRow), h: '' });
        continue;
      }
      const base = deleted === null ? row?.h : undefined;
      const here = current ? hashSpace(current) : undefined;
      // Changed here since it last synced: the next round sends it and the merge decides.
      if (here !== base && here !== (item.h ?? undefined)) continue;
      if (!item.rec) {
        result.applied++;
        if (current) {
          await db.spaces.delete(item.id);
          count--;
          removed.add(item.id);
          arrived.delete(item.id);
        }
        await db.synced.put({ id: item.key, h: deletionMark(item.clock), c: item.clock });
        continue;
      }
      if (!current && count >= MAX_SPACES) {
        result.refused.push(item.key);
        continue;
      }
      result.applied++;
      await db.spaces.put(item.rec);
      if (!current) {
        count++;
        arrived.add(item.id);
        removed.delete(item.id);
      }
      await db.synced.put({ id: item.key, h: item.h as string, c: item.clock });
    }
    result.removed = [...removed];
    if (arrived.size === 0) return;
    const back: MemoryRecord[] = [];
    await db.memories.each((m) => {
      if (m.space !== undefined && arrived.has(m.space) && waitsForSpace(m)) back.push(spaceBack(m));
    });
    if (back.length) await db.memories.bulkPut(back);
    result.touched = back.map((m) => m.id);
  });
  return result;
}

/**
 * The memories here still in a space another device deleted, once a round applied everything it
 * brought (the other device's moves of the memories it knew come in the same round): they go to
 * review. Returns their ids.
 */
export async function orphansToReview(db: MemDB, removed: readonly SpaceId[]): Promise<string[]> {
  if (removed.length === 0) return [];
  const gone = new Set(removed);
  return db.transaction('rw', db.spaces, db.memories, async () => {
    const here = new Set(await db.spaces.toCollection().primaryKeys());
    const changed: MemoryRecord[] = [];
    await db.memories.each((m) => {
      if (m.space === undefined || !gone.has(m.space)) return;
      const next = inMissingSpace(m, here);
      if (next !== m) changed.push(next);
    });
    if (changed.length) await db.memories.bulkPut(changed);
    return changed.map((m) => m.id);
  });
}
