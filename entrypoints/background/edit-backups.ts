/**
 * Wires the debounced backup after hand edits to an alarm: every panel edit marks the store,
 * the alarm fires when the backup is due, and each worker start catches up on a missed one.
 */
import { browser } from '#imports';
import { editBackupDueAt, noteHandEdit, takeEditBackupIfDue } from '../../lib/db/backup-schedule';
import type { BackupSummary } from '../../lib/db/backups';

export const EDIT_BACKUP_ALARM = 'backup.after-edits';

/** After a hand edit; never fails the edit (a full disk must not stop a delete). */
export async function scheduleEditBackup(): Promise<void> {
  try {
    const due = await noteHandEdit();
    const existing = await browser.alarms.get(EDIT_BACKUP_ALARM);
    if (existing?.scheduledTime !== due) await browser.alarms.create(EDIT_BACKUP_ALARM, { when: due });
  } catch {}
}

export async function runEditBackup(): Promise<BackupSummary | null> {
  const taken = await takeEditBackupIfDue();
  const due = await editBackupDueAt();
  if (due !== null) await browser.alarms.create(EDIT_BACKUP_ALARM, { when: due });
  return taken;
}

export function wireEditBackups(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === EDIT_BACKUP_ALARM) void runEditBackup().catch(() => {});
  });
  void runEditBackup().catch(() => {});
}
