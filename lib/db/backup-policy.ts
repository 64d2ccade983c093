/**
 * Backups before destructive side-panel actions (DESIGN.md §5: deletes and bulk actions take one
 * first). Only 7 backups are kept, so ten single deletes in a row must not push out the
 * snapshots taken after extractions: a recent "before" snapshot that still holds every
 * record about to change, unchanged, already covers the action and is reused.
 */
import type { MemoryRecord } from '../memory/types';
import { nowMs } from '../time';
import { type BackupSummary, createBackup, listBackups, readBackup } from './backups';
import { db } from './db';

const REUSE_WINDOW_MS = 10 * 60_000;

async function covers(backup: BackupSummary, current: readonly MemoryRecord[]): Promise<boolean> {
  if (!backup.reason.startsWith('before ') || nowMs() - Date.parse(backup.at) > REUSE_WINDOW_MS) return false;
  try {
    const snapshot = await readBackup(backup.id);
    const kept = new Map(snapshot.memories.map((m) => [m.id, m.updatedAt]));
    return current.every((m) => kept.get(m.id) === m.updatedAt);
  } catch {
    return false;
  }
}

/** Takes a backup unless the newest one already holds these memories exactly as they are. */
export async function backupBefore(reason: string, ids: readonly string[]): Promise<BackupSummary | null> {
  const current = (await db.memories.bulkGet([...ids])).filter((m): m is MemoryRecord => !!m);
  if (current.length === 0) return null;
  const [newest] = await listBackups();
  if (newest && (await covers(newest, current))) return null;
  return createBackup(reason);
}
