import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { DB_NAME, db, MemDB, SCHEMA_V1, SCHEMA_V2 } from '../../../lib/db/db';
import { indexSettled, warmIndex } from '../../../lib/db/memory-index-source';
import { storedFields } from '../../../lib/db/memory-terms';
import { memory } from '../helpers';

/**
 * A v3 that exists only here, proving that a future release can add an index and rewrite rows
 * on top of the real versions without losing the user's store.
 */
class MemDBNext extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
    this.version(3)
      .stores({ ...SCHEMA_V2, memories: `${SCHEMA_V2.memories}, pinnedRank` })
      .upgrade(async (tx) => {
        await tx
          .table('memories')
          .toCollection()
          .modify((m: { pinned: boolean; pinnedRank?: number }) => {
            m.pinnedRank = m.pinned ? 1 : 0;
          });
      });
  }
}

/** The store as release 0.1.0 wrote it: schema v1 only. */
async function writeV1Store(name: string, rows: readonly object[]): Promise<void> {
  const v1 = new Dexie(name);
  v1.version(1).stores(SCHEMA_V1);
  await v1.open();
  await v1.table('memories').bulkAdd([...rows]);
  v1.close();
}

describe('database versions', () => {
  it('opens the current version with every table', async () => {
    const current = new MemDB('upgrade-current-tables');
    await current.open();
    expect(current.tables.map((t) => t.name).sort()).toEqual(
      ['chats', 'injections', 'jobs', 'memories', 'meta', 'quarantine', 'terms', 'usage'].sort(),
    );
    expect(current.verno).toBe(2);
    current.close();
  });

  it('upgrades a v1 store to v2: every memory kept, its index terms stored on the first load', async () => {
    const rows = [memory({ content: 'User lives in Chengdu' }), memory({ content: '用户在学钢琴' })];
    db.close();
    await Dexie.delete(DB_NAME);
    await writeV1Store(DB_NAME, rows);
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.memories.count()).toBe(2);
    expect(await db.terms.count()).toBe(0);
    const ranked = (await warmIndex()).rank('Where do I live?', { site: null, now: Date.now(), limit: 5 });
    expect(ranked.map((r) => r.memory.content)).toEqual(['User lives in Chengdu']);
    await indexSettled();
    const terms = await db.terms.toArray();
    expect(terms).toHaveLength(2);
    for (const m of await db.memories.toArray()) {
      expect(
        storedFields(
          m,
          terms.find((t) => t.id === m.id),
        ),
      ).not.toBeNull();
    }
  });

  it('a later version upgrades a v2 store keeping every memory and filling the new field', async () => {
    const name = 'upgrade-v2-v3';
    const v2 = new MemDB(name);
    const rows = [memory({ content: '住在成都' }, { pinned: true }), memory({ content: 'Uses Rust at work' })];
    await v2.memories.bulkAdd(rows);
    v2.close();

    const v3 = new MemDBNext(name);
    await v3.open();
    expect(v3.verno).toBe(3);
    const after = await v3.table('memories').orderBy('pinnedRank').toArray();
    expect(after.map((m) => [m.content, m.pinnedRank])).toEqual([
      ['Uses Rust at work', 0],
      ['住在成都', 1],
    ]);
    v3.close();
  });
});
