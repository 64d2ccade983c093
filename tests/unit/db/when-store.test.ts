/**
 * A memory's date needs no store version: `when` is an optional field of the memory record with
 * no index (nothing is looked up by it; the ranker reads it from the records it holds). So a v10
 * store written before dates (tests/fixtures/db/v6-store.json, whose memories carry none) opens
 * as it is, and its memories load, rank (a request with a time too) and render, next to a
 * memory written with a date.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { DB_NAME, db, SCHEMA_V10 } from '../../../lib/db/db';
import { listMemories } from '../../../lib/db/memories';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { MemorySchema } from '../../../lib/memory/types';
import { setClock } from '../../../lib/time';
import { memory, panelCaller, routerOptions } from '../helpers';

const V6 = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/db/v6-store.json'), 'utf8')) as {
  tables: Record<string, Record<string, unknown>[]>;
};
const route = createRouter(handlers, routerOptions);
const call = panelCaller(route);
const preview = async (draft: string) =>
  (
    await call<{ block: string | null; items: { memory: { id: string } }[] }>('inject.preview', {
      site: 'chatgpt',
      draft,
    })
  ).block ?? '';

beforeEach(async () => {
  db.close();
  dropIndex();
  await Dexie.delete(DB_NAME);
  const old = new Dexie(DB_NAME);
  old.version(10).stores(SCHEMA_V10);
  await old.open();
  for (const [name, rows] of Object.entries(V6.tables)) await old.table(name).bulkAdd(rows);
  old.close();
});
afterEach(() => setClock(null));

describe('a v10 store written before dates', () => {
  it('opens at v10, every memory as it was and valid without a date', async () => {
    await db.open();
    expect(db.verno).toBe(10);
    expect(SCHEMA_V10.memories).not.toMatch(/when/);
    const stored = await listMemories();
    expect(stored).toHaveLength(V6.tables.memories?.length ?? -1);
    for (const m of stored) {
      expect(m.when).toBeUndefined();
      const { feedback: _local, ...exported } = m;
      expect(MemorySchema.safeParse(exported).success, m.content).toBe(true);
    }
  });

  it('ranks and renders its memories, and a dated one beside them, for requests with and without time', async () => {
    setClock(() => Date.parse('2026-12-02T10:00:00.000Z'));
    await db.open();
    await db.memories.put(
      memory(
        { content: 'Flight to Chengdu on 2026-11-24', type: 'task' },
        {
          id: 'dated',
          when: '2026-11-24',
          createdAt: '2026-11-10T08:00:00.000Z',
          updatedAt: '2026-11-10T08:00:00.000Z',
        },
      ),
    );
    const plain = await preview('Where do I live? Chengdu');
    expect(plain).toContain('(fact) User moved to Chengdu from Beijing');
    // The undated memory renders as before; the dated one shows its day, marked past.
    expect(plain).toContain('(task · 2026-11-24 · past) Flight to Chengdu on 2026-11-24');
    // Last week (2026-11-23 … 29) holds the undated memory written then, and the dated flight.
    const week = await preview('what did I change last week?');
    expect(week).toContain('用户戒了咖啡，现在喝茶');
    expect(week).toContain('Flight to Chengdu');
    expect(week).not.toContain('喜欢喝美式咖啡');
  });
});
