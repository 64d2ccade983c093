/**
 * Keeps the background's MemoryIndex warm and in step with the memories table, incrementally:
 * a Dexie DBCore middleware sees every mutation of the table and, once its
 * transaction has committed, re-reads just the rows it touched and upserts or removes them.
 * A query never rebuilds the index; only a range delete (a table clear) drops it for a reload.
 * The middleware is registered when this module loads, which must be before the database
 * first opens (Dexie builds its middleware stack at open): the background imports it through
 * its handlers, statically, so it always is.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { MemoryIndex } from '../ranking/retrieve';
import { db } from './db';

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
  if (!index) return;
  if (keys === 'all') {
    index = null;
    loading = null;
    return;
  }
  const target = index;
  const rows = await db.memories.bulkGet(keys);
  rows.forEach((row, i) => {
    if (row) target.upsert(row);
    else target.remove(keys[i] as string);
  });
}

/** Runs `fn` after the transaction commits; an aborted transaction changes nothing. */
function afterCommit(trans: DBCoreTransaction, fn: () => void): void {
  const idb = trans as unknown as IDBTransaction;
  if (typeof idb.addEventListener === 'function') idb.addEventListener('complete', fn);
  else queueMicrotask(fn);
}

function watchTable(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate: async (req) => {
      const res = await table.mutate(req);
      const keys = touchedKeys(req);
      afterCommit(req.trans, () => {
        pending = pending.then(() => refresh(keys)).catch(() => refresh('all'));
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
    table: (name) => (name === 'memories' ? watchTable(down.table(name)) : down.table(name)),
  }),
};

db.use(middleware);

export async function warmIndex(): Promise<MemoryIndex> {
  await pending;
  if (index) return index;
  loading ??= (async () => {
    const started = generation;
    const fresh = new MemoryIndex();
    for (const m of await db.memories.toArray()) fresh.upsert(m);
    if (started === generation) index = fresh;
    else loading = null;
    return fresh;
  })();
  return loading;
}
