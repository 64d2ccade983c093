/**
 * The last resort of the start-up check: replacing a store that stays unreadable with a
 * backup. It runs only when a backup verifies, and only after every record that can still be
 * read has been copied into the backup database (`salvage`); whatever was saved and parses is
 * put back on top of the backup, so work done after the backup is not lost with the store.
 */
import { Dexie, type Table } from 'dexie';
import {
  type Chat,
  ChatSchema,
  InjectionSchema,
  JobSchema,
  type MemoryRecord,
  MemoryRecordSchema,
} from '../memory/types';
import { now } from '../time';
import { backupDb } from './backup-db';
import { type Snapshot, withTombstones } from './backup-snapshot';
import { chatsToRestore, listBackups, readBackup } from './backups';
import { DB_NAME, db } from './db';
import { markHistoryDirty } from './history-index';
import { describeError } from './store-errors';
import { tombstonedChatIds } from './tombstones';

export type Salvaged = Record<string, unknown[]>;

async function readTable(table: Table): Promise<unknown[] | null> {
  try {
    return await table.toArray();
  } catch {}
  // One bad record can fail a whole read: try key by key in small batches.
  try {
    const keys = await table.toCollection().primaryKeys();
    const rows: unknown[] = [];
    for (let i = 0; i < keys.length; i += 200) {
      try {
        rows.push(...(await table.bulkGet(keys.slice(i, i + 200))).filter((r) => r !== undefined));
      } catch {}
    }
    return rows;
  } catch {
    return null;
  }
}

/** Copies every readable record into the backup database; throws if that copy cannot be stored. */
export async function salvageReadable(error: unknown): Promise<Salvaged> {
  const data: Salvaged = {};
  const counts: Record<string, number> = {};
  for (const table of db.tables) {
    const rows = await readTable(table);
    counts[table.name] = rows?.length ?? -1;
    if (rows) data[table.name] = rows;
  }
  await backupDb.salvage.add({
    id: crypto.randomUUID(),
    at: now(),
    error: describeError(error),
    counts,
    data: JSON.stringify(data),
  });
  return data;
}

/** The newest backup that passes its checksum and parses, or null. */
export async function newestVerifiedBackup(): Promise<{ at: string; snapshot: Snapshot } | null> {
  for (const backup of await listBackups()) {
    try {
      return { at: backup.at, snapshot: await readBackup(backup.id) };
    } catch {
      // A damaged backup: try the next older one.
    }
  }
  return null;
}

function newer<T extends { id: string; updatedAt: string }>(base: readonly T[], extra: readonly T[]): T[] {
  const byId = new Map(base.map((r) => [r.id, r]));
  for (const r of extra) {
    const have = byId.get(r.id);
    if (!have || r.updatedAt > have.updatedAt) byId.set(r.id, r);
  }
  return [...byId.values()];
}

function valid<T>(rows: unknown[] | undefined, schema: { safeParse(v: unknown): { success: boolean } }): T[] {
  return (rows ?? []).filter((r) => schema.safeParse(r).success) as T[];
}

/** Deletes the store and writes the backup plus the salvaged records that parse. */
export async function rebuild(backup: Snapshot, salvaged: Salvaged): Promise<void> {
  const tombstones = await tombstonedChatIds();
  db.close();
  await Dexie.delete(DB_NAME);
  await db.open();
  const memories = newer<MemoryRecord>(backup.memories, valid(salvaged.memories, MemoryRecordSchema));
  const live = new Map(valid<Chat>(salvaged.chats, ChatSchema).map((c) => [c.id, c]));
  const fromBackup = chatsToRestore(backup, live, tombstones);
  const chats = withTombstones(
    newer<Chat>(
      fromBackup,
      [...live.values()].filter((c) => !tombstones.has(c.id)),
    ),
    tombstones,
    now(),
  );
  await db.transaction('rw', db.tables, async () => {
    await db.memories.bulkPut(memories);
    await db.chats.bulkPut(chats);
    await markHistoryDirty(chats.map((c) => c.id));
    await db.jobs.bulkPut(valid(salvaged.jobs, JobSchema));
    await db.injections.bulkPut(valid(salvaged.injections, InjectionSchema));
    await db.table('usage').bulkPut(salvaged.usage ?? []);
    await db.table('meta').bulkPut(salvaged.meta ?? []);
    await db.table('quarantine').bulkPut(salvaged.quarantine ?? []);
  });
}
