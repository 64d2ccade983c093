/**
 * tests/fixtures/db/v6-store.json (a store the v6 code wrote through its own repository
 * functions) written into the product database at a given version, as that release left it:
 * the starting point of every upgrade test from v6 on.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { expect } from 'vitest';
import { DB_NAME, db } from '../../../lib/db/db';
import { dropIndex } from '../../../lib/db/memory-index-source';

export const V6_STORE = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../fixtures/db/v6-store.json'), 'utf8'),
) as { version: number; tables: Record<string, Record<string, unknown>[]> };

export async function writeV6StoreAt(version: number, schema: Record<string, string>): Promise<void> {
  db.close();
  dropIndex();
  await Dexie.delete(DB_NAME);
  const old = new Dexie(DB_NAME);
  old.version(version).stores(schema);
  await old.open();
  for (const [name, rows] of Object.entries(V6_STORE.tables)) await old.table(name).bulkAdd(rows);
  expect(old.verno).toBe(version);
  old.close();
}
