/**
 * The upgrade to v7 (tidy-up's proposals table) from tests/fixtures/db/v6-store.json, a store
 * the v6 code wrote through its own repository functions (provenance, a hand edit and its
 * version, an accepted and a waiting proposal, a pinned hand-written memory, a chat, usage and
 * an undo record): every row is kept as it was, the new table starts empty, and tidy-up works
 * on the upgraded store.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { DB_NAME, db, SCHEMA_V6 } from '../../../lib/db/db';
import { listMemories } from '../../../lib/db/memories';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { acceptTidyProposals } from '../../../lib/db/tidy-accept';
import { listTidyProposals, storeTidyProposals } from '../../../lib/db/tidy-proposals';
import type { MemoryRecord } from '../../../lib/memory/types';

const V6 = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/db/v6-store.json'), 'utf8')) as {
  version: number;
  tables: Record<string, Record<string, unknown>[]>;
};

beforeEach(async () => {
  db.close();
  dropIndex();
  await Dexie.delete(DB_NAME);
  const old = new Dexie(DB_NAME);
  old.version(6).stores(SCHEMA_V6);
  await old.open();
  for (const [name, rows] of Object.entries(V6.tables)) await old.table(name).bulkAdd(rows);
  expect(old.verno).toBe(6);
  old.close();
});

describe('upgrade to v7 (tidy-up proposals)', () => {
  it('keeps every v6 row as it was and adds an empty tidy table indexed by state', async () => {
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(7);
    for (const [name, rows] of Object.entries(V6.tables)) expect(await db.table(name).toArray(), name).toEqual(rows);
    expect(await db.tidy.count()).toBe(0);
    expect(
      db
        .table('tidy')
        .schema.indexes.map((i) => i.name)
        .sort(),
    ).toEqual(['state']);
  });

  it('stores and accepts a tidy-up proposal over the upgraded store', async () => {
    await db.open();
    const active = await listMemories({ status: 'active' });
    const chengdu = active.filter((m) => m.content.includes('Chengdu'));
    expect(chengdu).toHaveLength(2);
    const [newer, older] = chengdu.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)) as [
      MemoryRecord,
      MemoryRecord,
    ];
    const [row] = await storeTidyProposals(
      'run-1',
      [
        {
          action: 'keep-newer',
          kind: 'contradiction',
          keepId: newer.id,
          affectedIds: [older.id],
          text: null,
          invisibleRemoved: 0,
          reason: '',
          before: chengdu,
        },
      ],
      0,
    );
    expect(await acceptTidyProposals([row!.id])).toMatchObject({ accepted: 1, stale: 0 });
    expect(await db.memories.get(older.id)).toMatchObject({ status: 'superseded', supersededBy: newer.id });
    expect((await listTidyProposals()).map((r) => r.state)).toEqual(['accepted']);
  });
});
