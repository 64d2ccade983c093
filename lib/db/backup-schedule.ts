/**
 * Backups that follow hand edits (DESIGN.md §5), debounced: the first change after a backup marks
 * the store, and one backup is due `EDIT_BACKUP_DELAY_MS` later whatever follows, so a burst
 * of edits costs one backup and at most that much hand work is ever only in the live store.
 * The mark is in the store itself, so a stopped worker does not forget it.
 */
import { nowMs } from '../time';
import { type BackupSummary, createBackup } from './backups';
import { db } from './db';

export const EDIT_BACKUP_DELAY_MS = 2 * 60_000;
const DIRTY_KEY = 'backup.editedSince';

/** Marks the store as edited by hand; returns when the backup is due (epoch ms). */
export async function noteHandEdit(): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const since = (await db.meta.get(DIRTY_KEY))?.value;
    if (typeof since === 'number') return since + EDIT_BACKUP_DELAY_MS;
    const at = nowMs();
    await db.meta.put({ key: DIRTY_KEY, value: at });
    return at + EDIT_BACKUP_DELAY_MS;
  });
}

/** When the pending edit backup is due, or null when there is none. */
export async function editBackupDueAt(): Promise<number | null> {
  const since = (await db.meta.get(DIRTY_KEY))?.value;
  return typeof since === 'number' ? since + EDIT_BACKUP_DELAY_MS : null;
}

/** Takes the edit backup when it is due; null when nothing is due yet. */
export async function takeEditBackupIfDue(): Promise<BackupSummary | null> {
  const since = (await db.meta.get(DIRTY_KEY))?.value;
  if (typeof since !== 'number' || nowMs() < since + EDIT_BACKUP_DELAY_MS) return null;
  // Cleared first: an edit made while the backup is written marks the store again.
  await db.meta.delete(DIRTY_KEY);
  return createBackup('after edits');
}
