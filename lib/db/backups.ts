/**
 * Snapshots of the store (SPEC §5): taken after each successful extraction and before each
 * import, bulk delete or restore; the newest `KEEP_BACKUPS` are kept; each carries a checksum
 * so a damaged one is never restored.
 */

import * as z from 'zod/mini';
import { type Chat, ChatSchema, type MemoryRecord, MemoryRecordSchema } from '../memory/types';
import { now } from '../time';
import type { WorkHandle } from '../work/tracker';
import { type BackupRow, backupDb } from './backup-db';
import { db } from './db';
import { putInChunks } from './transfer';

export const KEEP_BACKUPS = 7;

export type BackupSummary = Omit<BackupRow, 'data'>;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function createBackup(reason: string): Promise<BackupSummary> {
  const snapshot = await db.transaction('r', db.memories, db.chats, async () => ({
    memories: await db.memories.toArray(),
    chats: await db.chats.toArray(),
  }));
  const data = JSON.stringify(snapshot);
  const row: BackupRow = {
    id: crypto.randomUUID(),
    at: now(),
    reason,
    memoryCount: snapshot.memories.length,
    chatCount: snapshot.chats.length,
    checksum: await sha256(data),
    data,
  };
  await backupDb.transaction('rw', backupDb.backups, async () => {
    await backupDb.backups.add(row);
    const all = await backupDb.backups.orderBy('at').reverse().primaryKeys();
    await backupDb.backups.bulkDelete(all.slice(KEEP_BACKUPS));
  });
  const { data: _omit, ...summary } = row;
  return summary;
}

export async function listBackups(): Promise<BackupSummary[]> {
  const rows = await backupDb.backups.orderBy('at').reverse().toArray();
  return rows.map(({ data: _omit, ...summary }) => summary);
}

const SnapshotSchema = z.object({
  memories: z.array(MemoryRecordSchema),
  chats: z.array(ChatSchema),
});

/** Reads and checks one backup; throws if its checksum or contents do not hold. */
export async function readBackup(id: string): Promise<{ memories: MemoryRecord[]; chats: Chat[] }> {
  const row = await backupDb.backups.get(id);
  if (!row) throw new Error(`backup ${id} not found`);
  if ((await sha256(row.data)) !== row.checksum)
    throw new Error(`backup from ${row.at} is damaged (checksum mismatch)`);
  const parsed = SnapshotSchema.safeParse(JSON.parse(row.data));
  if (!parsed.success) throw new Error(`backup from ${row.at} does not parse`);
  return parsed.data;
}

/** Replaces memories and chats with a verified backup, after snapshotting the current state. */
export async function restoreBackup(id: string, work?: WorkHandle): Promise<{ memories: number; chats: number }> {
  work?.phase('read');
  const snapshot = await readBackup(id);
  work?.checkpoint();
  work?.phase('backup');
  await createBackup('before restore');
  work?.checkpoint();
  await db.transaction('rw', db.memories, db.chats, async () => {
    await db.memories.clear();
    await db.chats.clear();
    await putInChunks(db.memories, snapshot.memories, work);
    await db.chats.bulkPut(snapshot.chats);
  });
  return { memories: snapshot.memories.length, chats: snapshot.chats.length };
}
