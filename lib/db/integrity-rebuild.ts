/**
 * The last resort of the start-up check: replacing a store that stays unreadable with a
 * backup. It runs only when a backup verifies, and only after every record that can still be
 * read has been copied into the backup database (`salvage`); whatever was saved and parses is
 * put back on top of the backup, so work done after the backup is not lost with the store; a
 * table read in full is the truth, so what was deleted after the backup stays deleted.
 */
import { Dexie, type Table } from 'dexie';
import { inMissingSpace } from '../memory/space-gone';
import { type Space, SpaceSchema } from '../memory/spaces';
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

/**
 * The readable rows per table. `complete` names the tables read in full: for those the rows
 * are the truth (a record missing from them was deleted, not lost).
 */
export interface Salvaged {
  tables: Record<string, unknown[]>;
  complete: readonly string[];
}

/** Every readable row of a table, and whether that was all of it (null: not even its keys read). */
async function readTable(table: Table): Promise<{ rows: unknown[]; complete: boolean } | null> {
  try {
    return { rows: await table.toArray(), complete: true };
  } catch {}
  // One bad record can fail a whole read: try key by key in small batches.
  try {
    const keys = await table.toCollection().primaryKeys();
    const rows: unknown[] = [];
    let complete = true;
    for (let i = 0; i < keys.length; i += 200) {
      try {
        const batch = await table.bulkGet(keys.slice(i, i + 200));
        rows.push(...batch.filter((r) => r !== undefined));
      } catch {
        complete = false;
      }
    }
    return { rows, complete };
  } catch {
    return null;
  }
}

/** Copies every readable record into the backup database; throws if that copy cannot be stored. */
export async function salvageReadable(error: unknown): Promise<Salvaged> {
  const data: Record<string, unknown[]> = {};
  const complete: string[] = [];
  const counts: Record<string, number> = {};
  for (const table of db.tables) {
    const read = await readTable(table);
    counts[table.name] = read?.rows.length ?? -1;
    if (read) data[table.name] = read.rows;
    if (read?.complete) complete.push(table.name);
  }
  await backupDb.salvage.add({
    id: crypto.randomUUID(),
    at: now(),
    error: describeError(error),
    counts,
    data: JSON.stringify(data),
  });
  return { tables: data, complete };
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

/**
 * The rows to write for one table: the salvaged ones over the backup's, newer `updatedAt`
 * winning. When the table was read in full, only ids the salvage holds survive (a row it
 * lacks was deleted after the backup); an id whose salvaged row does not parse keeps the
 * backup's row.
 */
function newer<T extends { id: string; updatedAt: string }>(
  base: readonly T[],
  extra: readonly T[],
  fullIds: ReadonlySet<string> | null,
): T[] {
  const byId = new Map(base.filter((r) => !fullIds || fullIds.has(r.id)).map((r) => [r.id, r]));
  for (const r of extra) {
    const have = byId.get(r.id);
    if (!have || r.updatedAt > have.updatedAt) byId.set(r.id, r);
  }
  return [...byId.values()];
}

/** The ids a table read in full holds (valid or not), or null when it was not read in full. */
function idsIfComplete(salvaged: Salvaged, table: string): Set<string> | null {
  if (!salvaged.complete.includes(table)) return null;
  return new Set((salvaged.tables[table] ?? []).map((r) => String((r as { id?: unknown }).id)));
}

function valid<T>(rows: unknown[] | undefined, schema: { safeParse(v: unknown): { success: boolean } }): T[] {
  return (rows ?? []).filter((r) => schema.safeParse(r).success) as T[];
}

const CHECKED_TABLES = new Set(['memories', 'chats', 'jobs', 'injections', 'spaces']);

/** Deletes the store and writes the backup plus the salvaged records that parse. */
export async function rebuild(backup: Snapshot, salvaged: Salvaged): Promise<void> {
  const tombstones = await tombstonedChatIds();
  db.close();
  await Dexie.delete(DB_NAME);
  await db.open();
  const rows = salvaged.tables;
  const spaces = newer<Space>(backup.spaces ?? [], valid(rows.spaces, SpaceSchema), idsIfComplete(salvaged, 'spaces'));
  const here = new Set(spaces.map((s) => s.id));
  // A memory whose space neither the backup nor the salvage holds waits in review.
  const memories = newer<MemoryRecord>(
    backup.memories,
    valid(rows.memories, MemoryRecordSchema),
    idsIfComplete(salvaged, 'memories'),
  ).map((m) => inMissingSpace(m, here));
  const live = new Map(valid<Chat>(rows.chats, ChatSchema).map((c) => [c.id, c]));
  const fromBackup = chatsToRestore(backup, live, tombstones);
  const chats = withTombstones(
    newer<Chat>(
      fromBackup,
      [...live.values()].filter((c) => !tombstones.has(c.id)),
      idsIfComplete(salvaged, 'chats'),
    ),
    tombstones,
    now(),
  );
  await db.transaction('rw', db.tables, async () => {
    await db.memories.bulkPut(memories);
    await db.spaces.bulkPut(spaces);
    await db.chats.bulkPut(chats);
    await db.jobs.bulkPut(valid(rows.jobs, JobSchema));
    await db.injections.bulkPut(valid(rows.injections, InjectionSchema));
    // Every other table as salvaged: a table added later is carried without a line here.
    for (const table of db.tables) {
      if (CHECKED_TABLES.has(table.name)) continue;
      await table.bulkPut(rows[table.name] ?? []);
    }
    await markHistoryDirty(chats.map((c) => c.id));
  });
}
