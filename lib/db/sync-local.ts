/**
 * The store's side of sync (lib/sync/engine.ts): which memories changed since they last
 * synced, and applying what another device wrote. Applying is conditional, record by record,
 * in one transaction with the synced hashes: a memory changed here since its last sync is left
 * as it is (the next round sends the change, and the merge on the server's copy decides), so a
 * round never overwrites an edit made while it ran.
 */

import { relation } from '../extraction/similarity';
import { normalizeContent } from '../memory/normalize';
import { inMissingSpace } from '../memory/space-gone';
import type { MemoryRecord } from '../memory/types';
import type { SyncedMemory } from '../sync/codec';
import { deletedAt, deletionMark } from '../sync/deletion-marks';
import { hashMemory, toRecord } from '../sync/project';
import { type MemDB, db as productDb, type SyncedRow } from './db';
import { applyChats, type ChatOps, excludeChats, removeChats, scanChats, storeChatOps } from './sync-chats';
import { applySpaces, type IncomingSpace, orphansToReview, spaceState } from './sync-spaces';

/**
 * The store's side of sync over one database (the product's; tests open one per device).
 * `ops` deletes and forgets chats: the background passes the product's (sync-chat-ops.ts).
 */
export function syncStore(db: MemDB = productDb, ops: ChatOps = storeChatOps(db)) {
  return {
    /** Every memory, or only those of `ids` that exist. */
    memories: async (ids?: readonly string[]): Promise<MemoryRecord[]> =>
      ids ? (await db.memories.bulkGet([...ids])).filter((m) => m !== undefined) : db.memories.toArray(),
    /** Every synced hash, or only those of `keys` that exist. */
    synced: async (keys?: readonly string[]): Promise<Map<string, string>> => {
      const rows = keys
        ? (await db.synced.bulkGet([...keys])).filter((r) => r !== undefined)
        : await db.synced.toArray();
      return new Map(rows.map((r) => [r.id, r.h]));
    },
    /** The clock each of `keys` last synced at (rows without one are left out). */
    clocks: async (keys: readonly string[]): Promise<Map<string, string>> => {
      const rows = await db.synced.bulkGet([...keys]);
      return new Map(rows.flatMap((r) => (r?.c ? [[r.id, r.c] as const] : [])));
    },
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
    spaceState: () => spaceState(db),
    applySpaces: (items: readonly IncomingSpace[]) => applySpaces(db, items),
    orphansToReview: (removed: readonly string[]) => orphansToReview(db, removed),
    chatScan: (synced: ReadonlyMap<string, string>, withChanges: boolean) => scanChats(db, synced, withChanges),
    applyChats: (items: Parameters<typeof applyChats>[1]) => applyChats(db, items),
    removeChats: (items: readonly { id: string; at: string }[]) => removeChats(db, items, ops),
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
  /**
   * Fields the sending build did not know (lib/sync/later-fields.ts): this device's value stays.
   * `h` is still the received record's hash, so the next round sends the value back.
   */
  unknown?: readonly (keyof SyncedMemory)[];
}

/** The incoming record, with this device's value of each field its sender did not know. */
function withKnownHere(item: IncomingMemory & { rec: SyncedMemory }, current: MemoryRecord | undefined): MemoryRecord {
  const record = toRecord(item.rec, current);
  if (!current) return record;
  const kept: Partial<Record<keyof SyncedMemory, unknown>> = {};
  for (const f of item.unknown ?? []) if (current[f] !== undefined) kept[f] = current[f];
  return { ...record, ...kept } as MemoryRecord;
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
  /** Ids of every memory the batch came to (applied, deferred, replayed, a twin, an extra): what to stage after. */
  touched: string[];
}

type Known = { id: string; type: string; scope: string; content: string; key: string };

const isKnown = (m: MemoryRecord) => m.status === 'active' || m.status === 'proposed';

/**
 * The memories a new arrival may repeat, kept up to date as the batch writes: exact repeats by
 * their normalised key, near ones only among memories of the same type and scope.
 */
class DuplicateIndex {
  private readonly byKey = new Map<string, Map<string, Known>>();
  private readonly byGroup = new Map<string, Map<string, Known>>();
  private readonly byId = new Map<string, Known>();

  constructor(rows: readonly MemoryRecord[]) {
    for (const m of rows) this.set(m);
  }

  private static put(map: Map<string, Map<string, Known>>, key: string, k: Known): void {
    const bucket = map.get(key) ?? new Map<string, Known>();
    bucket.set(k.id, k);
    map.set(key, bucket);
  }

  private static drop(map: Map<string, Map<string, Known>>, key: string, id: string): void {
    const bucket = map.get(key);
    bucket?.delete(id);
    if (bucket?.size === 0) map.delete(key);
  }

  remove(id: string): void {
    const k = this.byId.get(id);
    if (!k) return;
    this.byId.delete(id);
    DuplicateIndex.drop(this.byKey, k.key, id);
    DuplicateIndex.drop(this.byGroup, `${k.type}\u0000${k.scope}`, id);
  }

  /** The memory as it now is here (a status outside active/proposed takes it out). */
  set(m: MemoryRecord): void {
    this.remove(m.id);
    if (!isKnown(m)) return;
    const key = `${m.type}\u0000${m.scope}\u0000${normalizeContent(m.content)}`;
    const k: Known = { id: m.id, type: m.type, scope: m.scope, content: m.content, key };
    this.byId.set(m.id, k);
    DuplicateIndex.put(this.byKey, key, k);
    DuplicateIndex.put(this.byGroup, `${m.type}\u0000${m.scope}`, k);
  }

  find(rec: SyncedMemory, near: boolean): Known | null {
    // A proposal to change a memory says again what that memory says (a text from another device).
    if ((rec.status !== 'active' && rec.status !== 'proposed') || rec.proposal?.changes) return null;
    const exact = this.byKey.get(`${rec.type}\u0000${rec.scope}\u0000${normalizeContent(rec.content)}`);
    for (const k of exact?.values() ?? []) if (k.id !== rec.id) return k;
    if (!near) return null;
    for (const k of this.byGroup.get(`${rec.type}\u0000${rec.scope}`)?.values() ?? [])
      if (k.id !== rec.id && relation(k.content, rec.content) === 'duplicate') return k;
    return null;
  }
}

/**
 * Applies other devices' memories. The same memory created on two devices under two ids ends
 * as one: every device keeps the smaller id, and the other id's removal travels as a deletion.
 *
 * One transaction per batch: every record and synced hash the batch touches is read at once,
 * the decisions are made over that snapshot (updated as each item is decided, so later items
 * see earlier ones), and the result is written at once. The transaction holds both tables
 * throughout, so an edit made here meanwhile waits for it and is then compared next round;
 * it is never overwritten.
 *
 * A memory in a space that does not exist here (deleted here or elsewhere, or not arrived yet)
 * is written proposed with the reason `space-gone`, never active: it would otherwise wait in a
 * space no chat is in, or be moved by hand to where it reaches every chat. The space arriving
 * later gives it back (sync-spaces.ts).
 */
async function applyIncoming(db: MemDB, items: readonly IncomingMemory[]): Promise<ApplyResult> {
  const result: ApplyResult = { applied: 0, deferred: 0, duplicates: 0, stale: [], touched: [] };
  if (items.length === 0) return result;
  const near = items.filter((i) => i.rec !== null).length <= NEAR_DUPLICATE_SCAN_LIMIT;
  await db.transaction('rw', db.memories, db.synced, db.spaces, async () => {
    const spaces = new Set(await db.spaces.toCollection().primaryKeys());
    const ids = [...new Set(items.flatMap((i) => [i.id, ...(i.extras ?? []).map((e) => e.id)]))];
    const keys = [...new Set(items.map((i) => i.key))];
    const found = await db.memories.bulkGet(ids);
    const rows = await db.synced.bulkGet(keys);
    // The batch's view of both tables: undefined absent, and what to write at the end.
    const mem = new Map<string, MemoryRecord | undefined>(ids.map((id, i) => [id, found[i]]));
    const syn = new Map<string, SyncedRow | undefined>(keys.map((k, i) => [k, rows[i]]));
    const memWrites = new Set<string>();
    const synWrites = new Set<string>();
    const putMem = (m: MemoryRecord) => {
      mem.set(m.id, m);
      memWrites.add(m.id);
      index?.set(m);
    };
    const dropMem = (id: string) => {
      mem.set(id, undefined);
      memWrites.add(id);
      index?.remove(id);
    };
    const putSyn = (row: SyncedRow | undefined, key: string) => {
      syn.set(key, row);
      synWrites.add(key);
    };
    let index: DuplicateIndex | null = null;
    for (const item of items) {
      const current = mem.get(item.id);
      const row = syn.get(item.key);
      const deleted = deletedAt(row?.h);
      // A revision from no later than the deletion here is the deleted state coming back.
      const beforeDeletion = deleted !== null && item.rec !== null && item.clock <= deleted;
      if ((row?.c && item.clock < row.c) || beforeDeletion) {
        // The server handed back an older state: keep ours (a deletion too) and mark it to be sent again.
        result.stale.push(item.key);
        putSyn({ ...(row as SyncedRow), h: '' }, item.key);
        continue;
      }
      const base = deleted === null ? row?.h : undefined;
      const here = current ? hashMemory(current) : undefined;
      if (here !== base && here !== (item.h ?? undefined)) {
        result.deferred++;
        continue;
      }
      result.applied++;
      if (!item.rec) {
        dropMem(item.id);
        putSyn({ id: item.key, h: deletionMark(item.clock), c: item.clock }, item.key);
        continue;
      }
      if (!current && !index) {
        // Read in the transaction, then kept up to date with the batch's own writes.
        const all = await db.memories.toArray();
        index = new DuplicateIndex(all.map((m) => (mem.has(m.id) ? mem.get(m.id) : m)).filter((m) => m !== undefined));
        for (const id of memWrites) {
          const m = mem.get(id);
          if (m) index.set(m);
        }
      }
      const twin = !current && index ? index.find(item.rec, near) : null;
      if (twin && twin.id < item.id) {
        // Kept here under the smaller id; the synced hash stays, so the next round deletes this one.
        result.duplicates++;
        putSyn({ id: item.key, h: item.h as string, c: item.clock }, item.key);
        continue;
      }
      if (twin) {
        result.duplicates++;
        dropMem(twin.id);
      }
      putMem(inMissingSpace(withKnownHere({ ...item, rec: item.rec }, current), spaces));
      putSyn({ id: item.key, h: item.h as string, c: item.clock }, item.key);
      for (const extra of item.extras ?? []) if (!mem.get(extra.id)) putMem(inMissingSpace(extra, spaces));
    }
    const puts = [...memWrites].flatMap((id) => mem.get(id) ?? []);
    const gone = [...memWrites].filter((id) => !mem.get(id));
    const synPuts = [...synWrites].flatMap((k) => syn.get(k) ?? []);
    const synGone = [...synWrites].filter((k) => !syn.get(k));
    if (gone.length) await db.memories.bulkDelete(gone);
    if (puts.length) await db.memories.bulkPut(puts);
    if (synGone.length) await db.synced.bulkDelete(synGone);
    if (synPuts.length) await db.synced.bulkPut(synPuts);
    result.touched = [...new Set([...items.map((i) => i.id), ...memWrites])];
  });
  return result;
}
