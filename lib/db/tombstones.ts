/**
 * "Don't remember this chat" as a tombstone: the chat id is kept in the backup database, which
 * outlives a restore or a rebuild of the main store, and every restore, rebuild and import
 * checks it. Adding one also purges the chat's text from every existing backup.
 */
import { type BackupRow, backupDb } from './backup-db';
import { purgeChat, type Snapshot, SnapshotSchema, sha256 } from './backup-snapshot';
import { db } from './db';

/**
 * Rewrites every backup that still holds the chat's text. Hashing is not an IndexedDB
 * operation, so new rows are prepared outside the transaction, which then writes each one
 * whose backup still exists (backups are never changed otherwise, only added and pruned).
 */
export async function purgeFromBackups(chatId: string): Promise<number> {
  const needle = JSON.stringify(chatId);
  const updates: BackupRow[] = [];
  for (const row of await backupDb.backups.toArray()) {
    if (!row.data.includes(needle) || (await sha256(row.data)) !== row.checksum) continue;
    const parsed = SnapshotSchema.safeParse(JSON.parse(row.data));
    const next = parsed.success ? purgeChat(parsed.data as Snapshot, chatId) : null;
    if (!next) continue;
    const data = JSON.stringify(next);
    updates.push({ ...row, data, checksum: await sha256(data) });
  }
  return backupDb.transaction('rw', backupDb.backups, async () => {
    let purged = 0;
    for (const row of updates) {
      const current = await backupDb.backups.get(row.id);
      if (!current) continue;
      await backupDb.backups.put(row);
      purged++;
    }
    return purged;
  });
}

/** Records the tombstone and purges the chat from backups; returns how many backups changed. */
export async function addTombstone(chatId: string, at: string): Promise<number> {
  await backupDb.tombstones.put({ chatId, at });
  return purgeFromBackups(chatId);
}

export async function removeTombstone(chatId: string): Promise<void> {
  await backupDb.tombstones.delete(chatId);
}

/**
 * Every chat that must stay forgotten: the tombstones, plus chats the live store marks as
 * excluded (in case the backup database could not be written). Each source is read on its
 * own, so a damaged main store still yields the tombstones and the other way round.
 */
export async function tombstonedChatIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  try {
    for (const id of await backupDb.tombstones.toCollection().primaryKeys()) ids.add(id);
  } catch {}
  try {
    for (const c of await db.chats.where('state').equals('excluded').primaryKeys()) ids.add(c);
  } catch {}
  return ids;
}
