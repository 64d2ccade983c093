/**
 * The store's side of sync (lib/sync/engine.ts): which memories changed since they last
 * synced, and applying what another device wrote. Applying is conditional, record by record,
 * in one transaction with the synced hashes: a memory changed here since its last sync is left
 * as it is (the next round sends the change, and the merge on the server's copy decides), so a
 * round never overwrites an edit made while it ran.
 */

import { relation } from '../extraction/similarity';
import { normalizeContent } from '../memory/normalize';
import type { MemoryRecord } from '../memory/types';
import type { SyncedMemory } from '../sync/codec';
import { hashMemory, toRecord } from '../sync/project';
import { type MemDB, db as productDb, type SyncedRow } from './db';
import { applyChats, type ChatOps, excludeChats, removeChats, scanChats, storeChatOps } from './sync-chats';

/**
 * The store's side of sync over one database (the product's; tests open one per device).
 * `ops` deletes and forgets chats: the background passes the product's (sync-chat-ops.ts).
 */
export function syncStore(db: MemDB = productDb, ops: ChatOps = storeChatOps(db)) {
  return {
    memories: (): Promise<MemoryRecord[]> => db.memories.toArray(),
    synced: async (): Promise<Map<string, string>> => new Map((await db.synced.toArray()).map((r) => [r.id, r.h])),
    markSynced: async (rows: readonly SyncedRow[], removed: readonly string[] = []): Promise<void> => {
      await db.transaction('rw', db.synced, async () => {
        if (rows.length) await db.synced.bulkPut([...rows]);
        if (removed.length) await db.synced.bulkDelete([...removed]);
      });
    },
    /** Forgets every synced hash (sync turned off): a later set-up compares everything afresh. */
    clearSynced: async (): Promise<void> => {
      await db.synced.clear();
    },
    applyIncoming: (items: readonly IncomingMemory[]) => applyIncoming(db, items),
    chatScan: (synced: ReadonlyMap<string, string>, withChanges: boolean) => scanChats(db, synced, withChanges),
    applyChats: (items: Parameters<typeof applyChats>[1]) => applyChats(db, items),
    removeChats: (ids: readonly string[]) => removeChats(db, ids, ops),
    excludeChats: (ids: readonly string[]) => excludeChats(db, ids, ops),
  };
}

export interface IncomingMemory {
  /** The sync key, `m:<id>`. */
  key: string;
  id: string;
  /** The memory as the merge left it, or null: deleted. */
  rec: SyncedMemory | null;
  /** Hash of `rec` (absent when deleted). */
  h: string | null;
  /** The latest change the document records (a deletion: its time). */
  clock: string;
  /** Records to add if absent: a text written apart on two devices (a version, a review item). */
  extras?: MemoryRecord[];
}

/** Beyond this many new memories in one round, only exact (normalised) repeats count as duplicates. */
const NEAR_DUPLICATE_SCAN_LIMIT = 200;

export interface ApplyResult {
  applied: number;
  /** Left alone: changed here during the round. */
  deferred: number;
  /** New memories that were already here under another id: one was kept. */
  duplicates: number;
  /** Keys whose incoming state is older than the one already synced (a replay): ignored, sent again. */
  stale: string[];
}

type Known = { id: string; type: string; scope: string; content: string; key: string };

function findDuplicate(
  rec: SyncedMemory,
  known: readonly Known[],
  byKey: Map<string, Known>,
  near: boolean,
): Known | null {
  // A proposal to change a memory says again what that memory says (a text from another device).
  if ((rec.status !== 'active' && rec.status !== 'proposed') || rec.proposal?.changes) return null;
  const exact = byKey.get(`${rec.type}\u0000${rec.scope}\u0000${normalizeContent(rec.content)}`);
  if (exact && exact.id !== rec.id) return exact;
  if (!near) return null;
  return (
    known.find(
      (k) =>
        k.id !== rec.id &&
        k.type === rec.type &&
        k.scope === rec.scope &&
        relation(k.content, rec.content) === 'duplicate',
    ) ?? null
  );
}

async function duplicateIndex(db: MemDB): Promise<{ known: Known[]; byKey: Map<string, Known> }> {
  const rows = await db.memories.where('status').anyOf('active', 'proposed').toArray();
  const known = rows.map((m) => ({
    id: m.id,
    type: m.type,
    scope: m.scope,
    content: m.content,
    key: `${m.type}\u0000${m.scope}\u0000${normalizeContent(m.content)}`,
  }));
  return { known, byKey: new Map(known.map((k) => [k.key, k])) };
}

/**
 * Applies other devices' memories. The same memory created on two devices under two ids ends
 * as one: every device keeps the smaller id, and the other id's removal travels as a deletion.
 */
async function applyIncoming(db: MemDB, items: readonly IncomingMemory[]): Promise<ApplyResult> {
  const result: ApplyResult = { applied: 0, deferred: 0, duplicates: 0, stale: [] };
  const near = items.filter((i) => i.rec !== null).length <= NEAR_DUPLICATE_SCAN_LIMIT;
  let index: { known: Known[]; byKey: Map<string, Known> } | null = null;
  await db.transaction('rw', db.memories, db.synced, async () => {
    for (const item of items) {
      const current = await db.memories.get(item.id);
      const row = await db.synced.get(item.key);
      if (row?.c && item.clock < row.c) {
        // The server handed back an older state: keep ours and mark it to be sent again.
        result.stale.push(item.key);
        await db.synced.put({ ...row, h: '' });
        continue;
      }
      const base = row?.h;
      const here = current ? hashMemory(current) : undefined;
      if (here !== base && here !== (item.h ?? undefined)) {
        result.deferred++;
        continue;
      }
      result.applied++;
      if (!item.rec) {
        await db.memories.delete(item.id);
        await db.synced.delete(item.key);
        continue;
      }
      if (!current) index ??= await duplicateIndex(db);
      const twin = !current && index ? findDuplicate(item.rec, index.known, index.byKey, near) : null;
      if (twin && twin.id < item.id) {
        // Kept here under the smaller id; the synced hash stays, so the next round deletes this one.
        result.duplicates++;
        await db.synced.put({ id: item.key, h: item.h as string, c: item.clock });
        continue;
      }
      if (twin) {
        result.duplicates++;
        await db.memories.delete(twin.id);
      }
      await db.memories.put(toRecord(item.rec, current));
      await db.synced.put({ id: item.key, h: item.h as string, c: item.clock });
      for (const extra of item.extras ?? []) if (!(await db.memories.get(extra.id))) await db.memories.add(extra);
    }
  });
  return result;
}
