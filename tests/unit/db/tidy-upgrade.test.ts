/**
 * The upgrade to v7 (tidy-up's proposals table) from tests/fixtures/db/v6-store.json, a store
 * the v6 code wrote through its own repository functions (provenance, a hand edit and its
 * version, an accepted and a waiting proposal, a pinned hand-written memory, a chat, usage and
 * an undo record): every row is kept as it was, the new table starts empty, and tidy-up works
 * on the upgraded store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { db, SCHEMA_V6 } from '../../../lib/db/db';
import { listMemories } from '../../../lib/db/memories';
import { acceptTidyProposals } from '../../../lib/db/tidy-accept';
import { listTidyProposals, storeTidyProposals } from '../../../lib/db/tidy-proposals';
import type { MemoryRecord } from '../../../lib/memory/types';
import { V6_STORE, writeV6StoreAt } from './v6-store';

beforeEach(() => writeV6StoreAt(6, SCHEMA_V6));

describe('upgrade to v7 (tidy-up proposals)', () => {
  it('keeps every v6 row as it was and adds an empty tidy table indexed by state', async () => {
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(7);
    for (const [name, rows] of Object.entries(V6_STORE.tables))
      expect(await db.table(name).toArray(), name).toEqual(rows);
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
