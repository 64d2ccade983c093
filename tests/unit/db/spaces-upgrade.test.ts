/**
 * The upgrade to v10 (spaces) from tests/fixtures/db/v6-store.json opened at v9: every row is
 * kept as it was (no memory or chat gains a space: all stay Everywhere), the new table starts
 * empty, and spaces can be written on the upgraded store.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { DB_NAME, db, SCHEMA_V10 } from '../../../lib/db/db';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { createSpace, listSpaces, updateSpace } from '../../../lib/db/spaces';

const V6 = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/db/v6-store.json'), 'utf8')) as {
  tables: Record<string, Record<string, unknown>[]>;
};

beforeEach(async () => {
  db.close();
  dropIndex();
  await Dexie.delete(DB_NAME);
  const old = new Dexie(DB_NAME);
  const { spaces: _new, ...v9 } = SCHEMA_V10;
  old.version(9).stores(v9);
  await old.open();
  for (const [name, rows] of Object.entries(V6.tables)) await old.table(name).bulkAdd(rows);
  old.close();
});

describe('upgrade to v10 (spaces)', () => {
  it('keeps every v9 row as it was and adds an empty spaces table', async () => {
    await db.open();
    expect(db.verno).toBe(10);
    for (const [name, rows] of Object.entries(V6.tables)) expect(await db.table(name).toArray(), name).toEqual(rows);
    expect(await db.spaces.count()).toBe(0);
    expect((await db.memories.toArray()).some((m) => m.space !== undefined)).toBe(false);
  });

  it('writes, checks and lists spaces on the upgraded store', async () => {
    await db.open();
    const work = await createSpace({ name: '  Work ', description: 'my job at Acme' });
    await createSpace({ name: '家' });
    expect(work.name).toBe('Work');
    expect((await listSpaces()).map((s) => s.name)).toEqual(['Work', '家']);
    await expect(updateSpace(work.id, { name: 'x'.repeat(61) })).rejects.toThrow();
    expect((await updateSpace(work.id, { isolated: true }))?.isolated).toBe(true);
    expect(await updateSpace('sp-gone', { archived: true })).toBeUndefined();
  });
});
