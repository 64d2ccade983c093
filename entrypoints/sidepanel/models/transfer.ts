/**
 * Export, import (with its report, undoable through the backup taken before it) and the
 * backups list with Restore. Settings a file proposes wait for the user's confirmation; the
 * backup taken before the import holds the settings too, so one undo reverts both.
 */
import { signal } from '@preact/signals';
import { watch } from '../../../lib/db/live';
import { backupStamp } from '../../../lib/db/panel-reads';
import { t } from '../../../lib/i18n';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { type OfferPlace, offerKeywordsAfter } from './keywords';
import { fail, messageOf, say } from './notice';
import { recordAction } from './undo';
import { saidCancelled, track } from './work';

export type BackupSummary = ResponseOf<'backups.list'>[number];
export type ImportReport = ResponseOf<'transfer.import'>;

export const backups = signal<readonly BackupSummary[]>([]);
export const lastImport = signal<{ file: string; report: ImportReport } | { file: string; error: string } | null>(null);
/** What became of the settings the last imported file proposed. */
export const importedSettings = signal<'proposed' | 'applied' | 'kept'>('proposed');

async function refreshBackups(): Promise<void> {
  try {
    backups.value = await send('backups.list', {});
  } catch (error) {
    fail(messageOf(error));
  }
}

export function startBackupsModel(): () => void {
  return watch(backupStamp, () => void refreshBackups());
}

/** The snapshot the background took just before `since`, with this reason. */
export async function backupTakenFor(reason: string, since: string): Promise<BackupSummary | undefined> {
  const list = await send('backups.list', {});
  return list.find((b) => b.reason === reason && b.at >= since);
}

export function undoByBackup(label: string, backup: BackupSummary | undefined): void {
  if (!backup) return;
  recordAction(label, async () => {
    await send('backups.restore', { id: backup.id });
  });
}

/** `place`: where the user imported from, where the keywords offer that may follow shows. */
export async function importFile(file: File, place: OfferPlace): Promise<void> {
  const started = new Date(Date.now() - 1000).toISOString();
  try {
    const text = await file.text();
    const report = await track('import', () => send('transfer.import', { text }));
    lastImport.value = { file: file.name, report };
    importedSettings.value = 'proposed';
    say(
      t('transfer.imported', {
        file: file.name,
        added: report.added,
        updated: report.updated,
        skipped: report.skipped,
      }),
    );
    undoByBackup(t('undo.imported', { file: file.name }), await backupTakenFor('before import', started));
    if (report.added + report.updated > 0) await offerKeywordsAfter('import', place);
  } catch (error) {
    if (saidCancelled('import', error)) return;
    lastImport.value = { file: file.name, error: messageOf(error) };
    fail(t('transfer.importFailed', { error: messageOf(error) }));
  }
}

/** The user confirmed the exact list the file proposed: apply it (the import's undo reverts it). */
export async function applyImportedSettings(): Promise<void> {
  const last = lastImport.value;
  if (!last || 'error' in last || importedSettings.value !== 'proposed') return;
  try {
    await send('transfer.applySettings', {
      changes: last.report.settingsChanges.map(({ path, to }) => ({ path, to })),
    });
    importedSettings.value = 'applied';
    say(t('transfer.settingsApplied'));
  } catch (error) {
    fail(messageOf(error));
  }
}

export function keepMySettings(): void {
  importedSettings.value = 'kept';
}

export async function exportFile(): Promise<void> {
  try {
    const { text } = await track('export', () => send('transfer.export', {}));
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `claude-mem-${new Date().toISOString().slice(0, 10)}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say(t('transfer.exported'));
  } catch (error) {
    if (saidCancelled('export', error)) return;
    fail(t('transfer.exportFailed', { error: messageOf(error) }));
  }
}

export async function restoreFrom(backup: BackupSummary): Promise<void> {
  const started = new Date(Date.now() - 1000).toISOString();
  try {
    const r = await track('restore', () => send('backups.restore', { id: backup.id }));
    say(t('backups.restored', { memories: r.memories, chats: r.chats }));
    undoByBackup(t('undo.restored'), await backupTakenFor('before restore', started));
    await refreshBackups();
  } catch (error) {
    if (saidCancelled('restore', error)) return;
    fail(messageOf(error));
  }
}
