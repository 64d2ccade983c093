/**
 * The upgrade to v9 (sync's table of synced hashes) from tests/fixtures/db/v6-store.json opened
 * at v8: every row is kept as it was, the new table starts empty (sync starts off), and sync's
 * store side works on the upgraded store.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { DB_NAME, db, SCHEMA_V8 } from '../../../lib/db/db';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { syncStore } from '../../../lib/db/sync-local';

const V6 = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/db/v6-store.json'), 'utf8')) as {
  tables: Record<string, Record<string, unknown>[]>;
};

beforeEach(async () => {
  db.close();
  dropIndex();
  await Dexie.delete(DB_NAME);
  const old = new Dexie(DB_NAME);
  old.version(8).stores(SCHEMA_V8);
  await old.open();
  for (const [name, rows] of Object.entries(V6.tables)) await old.table(name).bulkAdd(rows);
  old.close();
});

describe('upgrade to v9 (sync)', () => {
  it('keeps every v8 row and adds an empty synced table', async () => {
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(9);
    for (const [name, rows] of Object.entries(V6.tables)) expect(await db.table(name).toArray(), name).toEqual(rows);
    expect(await db.synced.count()).toBe(0);
  });

  it('finds every memory unsynced on the upgraded store', async () => {
    await db.open();
    const store = syncStore();
    expect((await store.synced()).size).toBe(0);
    expect((await store.memories()).length).toBe(V6.tables.memories?.length);
    await store.markSynced([{ id: 'm:x', h: 'h' }]);
    expect(await store.synced()).toEqual(new Map([['m:x', 'h']]));
  });
});
