/**
 * "Don't remember this chat" as a tombstone: the chat id is kept in the backup database, which
 * outlives a restore or a rebuild of the main store, and every restore, rebuild and import
 * checks it. Adding one also purges the chat's text from every existing backup.
 */
import { backupDb } from './backup-db';
import { purgeChat, type Snapshot, SnapshotSchema, sha256 } from './backup-snapshot';
import { db } from './db';

async function purgeFromBackups(chatId: string): Promise<number> {
  let purged = 0;
  await backupDb.transaction('rw', backupDb.backups, async () => {
    for (const row of await backupDb.backups.toArray()) {
      if (!row.data.includes(JSON.stringify(chatId))) continue;
      const parsed = SnapshotSchema.safeParse(JSON.parse(row.data));
      if (!parsed.success) continue;
      const next = purgeChat(parsed.data as Snapshot, chatId);
      if (!next) continue;
      const data = JSON.stringify(next);
      // The checksum is renewed only for a backup that verified before the purge.
      if ((await sha256(row.data)) !== row.checksum) continue;
      await backupDb.backups.put({ ...row, data, checksum: await sha256(data) });
      purged++;
    }
  });
  return purged;
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
