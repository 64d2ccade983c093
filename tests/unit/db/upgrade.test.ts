import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { MemDB, SCHEMA_V1 } from '../../../lib/db/db';
import { memory } from '../helpers';

/**
 * A real v1 → v2 upgrade on fake-indexeddb: v2 exists only here, and proves that a future
 * release can add an index and rewrite rows without losing the user's store.
 */
class MemDBv2 extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores({ ...SCHEMA_V1, memories: `${SCHEMA_V1.memories}, pinnedRank` })
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

describe('database versions', () => {
  it('opens v1 with every table', async () => {
    const v1 = new MemDB('upgrade-v1-tables');
    await v1.open();
    expect(v1.tables.map((t) => t.name).sort()).toEqual(
      ['chats', 'injections', 'jobs', 'memories', 'meta', 'quarantine', 'usage'].sort(),
    );
    expect(v1.verno).toBe(1);
    v1.close();
  });

  it('upgrades a v1 store to v2 keeping every memory and filling the new field', async () => {
    const name = 'upgrade-v1-v2';
    const v1 = new MemDB(name);
    const rows = [memory({ content: '住在成都' }, { pinned: true }), memory({ content: 'Uses Rust at work' })];
    await v1.memories.bulkAdd(rows);
    v1.close();

    const v2 = new MemDBv2(name);
    await v2.open();
    expect(v2.verno).toBe(2);
    const after = await v2.table('memories').orderBy('pinnedRank').toArray();
    expect(after).toHaveLength(2);
    expect(after.map((m) => [m.content, m.pinnedRank])).toEqual([
      ['Uses Rust at work', 0],
      ['住在成都', 1],
    ]);
    v2.close();
  });
});
