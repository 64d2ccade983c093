/**
 * Schema upgrades on fake-indexeddb, from real data: tests/fixtures/db/v1-store.json is a store
 * the v1 release wrote through its own repository code (captures, a finished and an excluded
 * chat, a job with usage, an injection with hits, a quarantined record, a maintenance run);
 * v2-store.json is that store as the v2 release left it (stored index terms and snapshot, model
 * keywords). Each is loaded into a database at its own version, exactly as that schema shipped,
 * then opened by the product's MemDB.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { idleOpenChats, listChats } from '../../../lib/db/chats';
import { DB_NAME, db, MemDB, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3 } from '../../../lib/db/db';
import { listQuarantine } from '../../../lib/db/integrity';
import { listJobs } from '../../../lib/db/jobs';
import { listMemories, recordHits } from '../../../lib/db/memories';
import { dropIndex, indexSettled, warmIndex } from '../../../lib/db/memory-index-source';
import { storedFields } from '../../../lib/db/memory-terms';
import { recentInjections, usageSince } from '../../../lib/db/panel-reads';
import { INDEX_VERSION, memoryFields } from '../../../lib/ranking/index-terms';

interface StoreFile {
  version: number;
  tables: Record<string, Record<string, unknown>[]>;
}

function fixture(name: string): StoreFile {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/db', name), 'utf8')) as StoreFile;
}

const V1 = fixture('v1-store.json');
const V2 = fixture('v2-store.json');
const V3 = fixture('v3-store.json');
const SCHEMAS: Record<number, Record<string, string>> = { 1: SCHEMA_V1, 2: SCHEMA_V2, 3: SCHEMA_V3 };
const CURRENT = 10;

/** Replaces the product database with a fixture store, written at its own version. */
async function writeStore(file: StoreFile): Promise<void> {
  db.close();
  dropIndex();
  await Dexie.delete(DB_NAME);
  const old = new Dexie(DB_NAME);
  for (let v = 1; v <= file.version; v++) old.version(v).stores(SCHEMAS[v]!);
  await old.open();
  for (const [name, rows] of Object.entries(file.tables)) await old.table(name).bulkAdd(rows);
  expect(old.verno).toBe(file.version);
  old.close();
}

function indexNames(table: string): string[] {
  return db
    .table(table)
    .schema.indexes.map((i) => i.name)
    .sort();
}

beforeEach(() => {
  dropIndex();
});

describe('database versions', () => {
  it('opens the current version with every table', async () => {
    const current = new MemDB('upgrade-current-tables');
    await current.open();
    expect(current.tables.map((t) => t.name).sort()).toEqual(
      [
        'chats',
        'hchats',
        'hdead',
        'hdirty',
        'hterms',
        'injections',
        'jobs',
        'memories',
        'meta',
        'quarantine',
        'requestCalls',
        'sends',
        'spaces',
        'terms',
        'synced',
        'tidy',
        'toolCalls',
        'usage',
      ].sort(),
    );
    expect(current.verno).toBe(CURRENT);
    current.close();
  });

  for (const file of [V1, V2, V3]) {
    it(`upgrades a real v${file.version} store to the current version: every row kept as it was, only queried fields indexed`, async () => {
      await writeStore(file);
      await db.open();
      expect(db.verno).toBe(CURRENT);
      // v5 adds desktop tools' calls, empty.
      expect(await db.toolCalls.count()).toBe(0);
      for (const [name, rows] of Object.entries(file.tables)) {
        expect(await db.table(name).toArray(), name).toEqual(rows);
      }
      expect(indexNames('memories')).toEqual(['status', 'type']);
      expect(indexNames('chats')).toEqual(['lastActivityAt', 'state', 'updatedAt']);
      expect(indexNames('jobs')).toEqual(['chatId', 'nextAttemptAt', 'state']);
      expect(indexNames('injections')).toEqual(['at']);
      expect(indexNames('quarantine')).toEqual(['at']);
      expect(indexNames('sends')).toEqual(['chatId', 'tabId']);
      expect(await db.sends.count()).toBe(0);
    });
  }

  for (const file of [V1, V2]) {
    it(`answers the product queries from an upgraded v${file.version} store`, async () => {
      await writeStore(file);
      await db.open();
      const active = await listMemories({ status: 'active' });
      expect(active.map((m) => m.content)).toEqual(
        expect.arrayContaining([
          'Lives in Lisbon with two cats',
          'Migrating the billing service to Postgres 17',
          '喜欢简短的回答，先给代码',
        ]),
      );
      expect((await listChats()).map((c) => c.id)).toEqual(['kimi:k-3', 'deepseek:d-7', 'chatgpt:c-1']);
      expect((await idleOpenChats('2026-11-21T00:00:00.000Z')).map((c) => c.id)).toEqual(['deepseek:d-7']);
      expect((await listJobs()).map((j) => [j.chatId, j.state, j.inputTokens])).toEqual([
        ['chatgpt:c-1', 'pending', 3100],
      ]);
      expect((await recentInjections()).map((i) => i.id)).toEqual(['inj-1']);
      expect((await usageSince('2026-11-01')).map((u) => u.calls)).toEqual([1]);
      expect((await listQuarantine()).map((q) => q.reason)).toEqual(['importance: expected at most 5, got 9']);

      const hit = active.find((m) => m.hitCount === 1) ?? active[0];
      await recordHits([hit!.id], '2026-11-22T08:00:00.000Z');
      const after = await db.memories.get(hit!.id);
      expect([after?.hitCount, after?.lastHitAt]).toEqual([hit!.hitCount + 1, '2026-11-22T08:00:00.000Z']);
    });
  }

  it('ranks an upgraded v1 store and stores its index terms on the first load', async () => {
    await writeStore(V1);
    await db.open();
    expect(await db.terms.count()).toBe(0);
    const ranked = (await warmIndex()).rank('Where do I live?', { site: null, now: Date.now(), limit: 5 });
    expect(ranked.map((r) => r.memory.content)).toContain('Lives in Lisbon with two cats');
    await indexSettled();
    const active = await db.memories.count();
    expect(await db.terms.count()).toBe(active);
    for (const m of await db.memories.toArray()) {
      expect(storedFields(m, await db.terms.get(m.id))).not.toBeNull();
    }
  });

  it('ranks an upgraded v2 store, model keywords included, and stores its terms again at the current index version', async () => {
    await writeStore(V2);
    await db.open();
    // v2 stored terms of an older index version (no profile kinds or cue): recomputed, not trusted.
    expect((await db.terms.toArray()).every((r) => r.v < INDEX_VERSION)).toBe(true);
    const index = await warmIndex();
    const byKeyword = index.rank('Where is my home city?', { site: null, now: Date.now(), limit: 5 });
    expect(byKeyword.map((r) => r.memory.content)).toContain('Lives in Lisbon with two cats');
    const byTranslation = index.rank('我的宠物', { site: null, now: Date.now(), limit: 5 });
    expect(byTranslation.map((r) => r.memory.content)[0]).toBe('用户养了一只叫豆豆的柯基');
    await indexSettled();
    const rows = new Map((await db.terms.toArray()).map((r) => [r.id, r]));
    for (const m of await db.memories.toArray()) expect(storedFields(m, rows.get(m.id))).toEqual(memoryFields(m));
  });

  it('upgrades a real v3 store to v4: nothing written before provenance gains an origin, and proposals list apart', async () => {
    await writeStore(V3);
    await db.open();
    const before = V3.tables.memories as { id: string; status: string }[];
    const rows = await db.memories.toArray();
    expect(rows).toHaveLength(before.length);
    for (const m of rows) expect(m).not.toHaveProperty('origin');
    for (const c of await db.chats.toArray()) expect(c).not.toHaveProperty('origin');
    const active = await listMemories({ status: 'active' });
    expect(active.map((m) => m.content)).toContain('Prefers answers in British English');
    const pinned = active.find((m) => m.pinned);
    await db.memories.put({
      ...pinned!,
      id: 'proposal-1',
      status: 'proposed',
      pinned: false,
      origin: { kind: 'opened' },
    });
    expect((await listMemories({ status: 'proposed' })).map((m) => m.id)).toEqual(['proposal-1']);
    expect((await listMemories({ status: 'active' })).map((m) => m.id)).not.toContain('proposal-1');
    expect((await listChats()).map((c) => c.id)).toContain('perplexity:shared-thread-1');
  });
});
