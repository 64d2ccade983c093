/**
 * The v4 upgrade (chat history index) from a store the v3 release wrote through its own code
 * (tests/fixtures/db/v3-history-store.json): every kept chat is listed for indexing during the upgrade,
 * the background indexes them in batches, and a worker stopped between batches resumes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { DB_NAME, db, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3 } from '../../../lib/db/db';
import { indexPending } from '../../../lib/db/history-index';
import { searchHistory } from '../../../lib/db/history-search';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { dropIndex } from '../../../lib/db/memory-index-source';

interface StoreFile {
  version: number;
  tables: Record<string, Record<string, unknown>[]>;
}

const V3 = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../fixtures/db/v3-history-store.json'), 'utf8'),
) as StoreFile;

async function writeV3(extraChats: Record<string, unknown>[] = []): Promise<void> {
  db.close();
  dropIndex();
  await Dexie.delete(DB_NAME);
  const old = new Dexie(DB_NAME);
  old.version(1).stores(SCHEMA_V1);
  old.version(2).stores(SCHEMA_V2);
  old.version(3).stores(SCHEMA_V3);
  await old.open();
  for (const [name, rows] of Object.entries(V3.tables)) await old.table(name).bulkAdd(rows);
  await old.table('chats').bulkAdd(extraChats);
  old.close();
}

const ids = async (query: string) => (await searchHistory({ query })).results.map((r) => r.chatId).sort();

it('upgrades a real v3 store: rows kept, every chat listed, then found by search once indexed', async () => {
  await writeV3();
  await db.open();
  // v6 brought the history index; later versions add tables of their own and keep these rows.
  expect(db.verno).toBeGreaterThanOrEqual(6);
  for (const [name, rows] of Object.entries(V3.tables)) expect(await db.table(name).toArray(), name).toEqual(rows);
  expect((await db.hdirty.toCollection().primaryKeys()).sort()).toEqual(
    V3.tables.chats!.map((c) => c.id as string).sort(),
  );
  await keepHistoryIndexed();
  expect(await db.hdirty.count()).toBe(0);
  expect(await ids('sourdough')).toEqual(['claude:h-1']);
  expect(await ids('机器学习')).toEqual(['deepseek:h-2']);
  // Excluded chats (no text) are listed but never indexed.
  const indexed = (await db.hchats.toArray()).map((r) => r.id).sort();
  expect(indexed).not.toContain('gemini:h-3');
  expect(indexed).not.toContain('kimi:k-3');
});

it('indexes thousands of upgraded chats in batches and resumes after a stop between batches', async () => {
  const base = V3.tables.chats!.find((c) => c.id === 'claude:h-1')!;
  const many = Array.from({ length: 3000 }, (_, i) => ({
    ...base,
    id: `claude:bulk-${i}`,
    conversationId: `bulk-${i}`,
    turns: [{ role: 'user', text: `Question number w${i} about tomato blight`, at: base.createdAt }],
  }));
  await writeV3(many);
  await db.open();
  expect(await db.hdirty.count()).toBe(3006);
  // A worker that manages one batch, then stops: the rest stay listed.
  expect(await indexPending(500)).toBe(500);
  expect(await db.hdirty.count()).toBe(2506);
  expect(await db.hchats.count()).toBeGreaterThan(400);
  // The next start resumes; no chat is indexed twice.
  await keepHistoryIndexed();
  expect(await db.hdirty.count()).toBe(0);
  const numbers = (await db.hchats.toArray()).map((r) => r.id);
  expect(new Set(numbers).size).toBe(numbers.length);
  expect((await searchHistory({ query: 'w2999 blight' })).results.map((r) => r.chatId)).toEqual(['claude:bulk-2999']);
  expect((await searchHistory({ query: 'tomato', limit: 200 })).total).toBe(3000);
}, 60_000);
