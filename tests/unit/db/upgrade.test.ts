/**
 * Schema upgrades on fake-indexeddb, from real data: tests/fixtures/db/v1-store.json is a
 * store the v1 release wrote through its own repository code (captures, a finished and an
 * excluded chat, a job with usage, an injection with hits, a quarantined record, a maintenance
 * run). It is loaded into a database at v1, exactly as SCHEMA_V1 shipped, then opened by the
 * product's MemDB.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { idleOpenChats, listChats } from '../../../lib/db/chats';
import { DB_NAME, db, SCHEMA_V1 } from '../../../lib/db/db';
import { listQuarantine } from '../../../lib/db/integrity';
import { listJobs } from '../../../lib/db/jobs';
import { listMemories, recordHits } from '../../../lib/db/memories';
import { recentInjections, usageSince } from '../../../lib/db/panel-reads';

interface StoreFile {
  tables: Record<string, Record<string, unknown>[]>;
}

const V1 = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../fixtures/db/v1-store.json'), 'utf8'),
) as StoreFile;

/** Replaces the product database with the v1 fixture, written at version 1. */
async function writeV1Store(): Promise<void> {
  db.close();
  await Dexie.delete(DB_NAME);
  const v1 = new Dexie(DB_NAME);
  v1.version(1).stores(SCHEMA_V1);
  await v1.open();
  for (const [name, rows] of Object.entries(V1.tables)) await v1.table(name).bulkAdd(rows);
  expect(v1.verno).toBe(1);
  v1.close();
}

function indexNames(table: string): string[] {
  return db
    .table(table)
    .schema.indexes.map((i) => i.name)
    .sort();
}

describe('database versions', () => {
  it('upgrades a real v1 store to v2: every row kept as it was, only queried fields indexed', async () => {
    await writeV1Store();
    await db.open();
    expect(db.verno).toBe(2);
    for (const [name, rows] of Object.entries(V1.tables)) {
      expect(await db.table(name).toArray(), name).toEqual(rows);
    }
    expect(indexNames('memories')).toEqual(['status', 'type']);
    expect(indexNames('chats')).toEqual(['lastActivityAt', 'state', 'updatedAt']);
    expect(indexNames('jobs')).toEqual(['chatId', 'nextAttemptAt', 'state']);
    expect(indexNames('injections')).toEqual(['at']);
    expect(indexNames('quarantine')).toEqual(['at']);
  });

  it('answers the product queries from upgraded data', async () => {
    await writeV1Store();
    await db.open();
    const active = await listMemories({ status: 'active' });
    expect(active.map((m) => m.content).sort()).toEqual(
      [
        'Lives in Lisbon with two cats',
        'Migrating the billing service to Postgres 17',
        '喜欢简短的回答，先给代码',
      ].sort(),
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
});
