/**
 * Keeps the background's MemoryIndex warm and in step with the memories table, incrementally:
 * a Dexie DBCore middleware sees every mutation of the table and, once its transaction has
 * committed, re-reads just the rows it touched, computes their index fields, stores them
 * (memory-terms.ts) and upserts or removes them. A cold start loads the stored terms instead
 * of tokenising every memory. A query never rebuilds the index; only a range delete (a table
 * clear) drops it for a reload.
 * The middleware is registered when this module loads, which must be before the database
 * first opens (Dexie builds its middleware stack at open): the background imports it through
 * its handlers, statically, so it always is.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { memoryFields } from '../ranking/index-terms';
import { MemoryIndex } from '../ranking/retrieve';
import { warmUpRanking } from '../ranking/warm-up';
import { db, type TermsRow } from './db';
import { REVISION_KEY, readIndexSource, writeSnapshot } from './index-snapshot';
import { saveTerms, termsRow } from './memory-terms';

let index: MemoryIndex | null = null;
let loading: Promise<MemoryIndex> | null = null;
/** Row refreshes still to apply; queries wait for them so they never see a stale store. */
let pending: Promise<void> = Promise.resolve();
/** Bumped by every committed write: a full load that overlapped one is not trusted. */
let generation = 0;

function touchedKeys(req: DBCoreMutateRequest): string[] | 'all' {
  if (req.type === 'deleteRange') return 'all';
  if (req.type === 'delete') return req.keys as string[];
  if (req.keys) return req.keys as string[];
  return req.values.map((v) => (v as { id: string }).id);
}

async function refresh(keys: string[] | 'all'): Promise<void> {
  generation++;
  if (keys === 'all') {
    // Stored terms stay: the next load keeps those that still match their memory.
    index = null;
    loading = null;
    return;
  }
  const target = index;
  const rows = await db.memories.bulkGet(keys);
  const computed: TermsRow[] = [];
  const removed: string[] = [];
  rows.forEach((row, i) => {
    if (!row) {
      removed.push(keys[i] as string);
      target?.remove(keys[i] as string);
      return;
    }
    const fields = memoryFields(row);
    computed.push(termsRow(row, fields));
    target?.upsert(row, fields);
  });
  await saveTerms(computed, removed);
}

/** Runs `fn` after the transaction commits; an aborted transaction changes nothing. */
function afterCommit(trans: DBCoreTransaction, fn: () => void): void {
  const idb = trans as unknown as IDBTransaction;
  if (typeof idb.addEventListener === 'function') idb.addEventListener('complete', fn);
  else queueMicrotask(fn);
}

/** A write to memories also writes a new store revision, in its own transaction: see index-snapshot.ts. */
function watchTable(table: DBCoreTable, meta: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate: async (req) => {
      const res = await table.mutate(req);
      await meta.mutate({ type: 'put', trans: req.trans, values: [{ key: REVISION_KEY, value: crypto.randomUUID() }] });
      const keys = touchedKeys(req);
      afterCommit(req.trans, () => {
        pending = pending.then(() => refresh(keys)).catch(() => refresh('all'));
        scheduleSnapshot();
      });
      return res;
    },
  };
}

const middleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'claude-mem-memory-index',
  create: (down) => ({
    ...down,
    // Every transaction that may write memories can write the revision too.
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === 'readwrite' && stores.includes('memories') && !stores.includes('meta') ? [...stores, 'meta'] : stores,
        mode,
        options,
      ),
    table: (name) => (name === 'memories' ? watchTable(down.table(name), down.table('meta')) : down.table(name)),
  }),
};

/**
 * Milliseconds after the last write before a fresh snapshot is written; null (the default):
 * never. The background turns snapshots on; tests that want one write it themselves.
 */
let snapshotDelay: number | null = null;
let snapshotTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleSnapshot(): void {
  if (snapshotDelay === null) return;
  clearTimeout(snapshotTimer);
  // Not queued behind `pending`: queries never wait for a snapshot (it checks its own revision).
  snapshotTimer = setTimeout(() => void writeSnapshot().catch(() => {}), snapshotDelay);
}

/** When (or whether) a snapshot follows writes: the background sets SNAPSHOT_DELAY_MS. */
export const SNAPSHOT_DELAY_MS = 1500;

export function setSnapshotDelay(ms: number | null): void {
  snapshotDelay = ms;
  clearTimeout(snapshotTimer);
}

db.use(middleware);

export async function warmIndex(): Promise<MemoryIndex> {
  await pending;
  if (index) return index;
  loading ??= (async () => {
    const started = generation;
    const reading = readIndexSource();
    // The thread is idle while IndexedDB reads: compile what the first ranking needs meanwhile.
    setTimeout(() => {
      try {
        warmUpRanking();
      } catch {}
    }, 0);
    const source = await reading;
    let fresh: MemoryIndex;
    if (source.restored) fresh = source.restored;
    else {
      fresh = new MemoryIndex();
      for (const { memory, fields } of source.items) fresh.upsert(memory, fields);
      const { computed, orphans } = source;
      // Written back after the answer, in line with row refreshes, so a newer write wins.
      pending = pending.then(() => saveTerms(computed, orphans)).catch(() => {});
      scheduleSnapshot();
    }
    if (started === generation) index = fresh;
    else loading = null;
    return fresh;
  })();
  const attempt = loading;
  // A failed read (a transient IndexedDB error) must not stay the answer for the life of the
  // background: Firefox keeps its background page until the browser closes.
  attempt.catch(() => {
    if (loading === attempt) loading = null;
  });
  return attempt;
}

/** For tests: forget the index so the next warmIndex() loads from the table. */
export function dropIndex(): void {
  index = null;
  loading = null;
}

/** For tests: resolves once every queued refresh and write-back has run. */
export async function indexSettled(): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = pending;
    await seen;
  } while (seen !== pending);
}
