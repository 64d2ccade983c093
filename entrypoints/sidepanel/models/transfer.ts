/**
 * Export, import (with its report and an exact undo) and the backups list with Restore.
 * Settings a file proposes wait for the user's confirmation; applying them joins the import's
 * undo record, so one undo reverts both.
 */
import { signal } from '@preact/signals';
import sampleMemories from '../../../docs/sample-memories.json?raw';
import { watch } from '../../../lib/db/live';
import { backupStamp } from '../../../lib/db/panel-reads';
import { t } from '../../../lib/i18n';
import { keptApartText } from '../../../lib/i18n/labels';
import { isCurrent } from '../../../lib/memory/current';
import type { MemoryStatus } from '../../../lib/memory/types';
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
/** The next export holds every chat's messages word for word (off: chats with their summaries only). */
export const exportChatHistory = signal(false);
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

/**
 * Offers Undo for an import, bring-in or restore: the background puts back exactly what the
 * action changed and says how much changed again since (left as it is).
 */
export function undoExactly(label: string, undoId: string): void {
  recordAction(label, async () => {
    let r: ResponseOf<'undo.apply'>;
    try {
      r = await send('undo.apply', { id: undoId });
    } catch (error) {
      throw new Error((error as { code?: string }).code === 'bad_request' ? t('undo.gone') : messageOf(error));
    }
    if (r.changedSince > 0) say(() => t('undo.changedSince', { n: r.reverted, m: r.changedSince }));
    else say(() => t('undo.exact', { n: r.reverted }));
  });
}

/** `place`: where the user imported from, where the keywords offer that may follow shows. */
export async function importFile(file: File, place: OfferPlace = 'memories'): Promise<void> {
  try {
    const text = await file.text();
    const report = await track('import', () => send('transfer.import', { text }));
    lastImport.value = { file: file.name, report };
    importedSettings.value = 'proposed';
    say(() =>
      [
        t('transfer.imported', {
          file: file.name,
          added: report.added,
          updated: report.updated,
          skipped: report.skipped,
        }),
        keptApartText(report.keptApart),
      ]
        .join(' ')
        .trim(),
    );
    undoExactly(t('undo.imported', { file: file.name }), report.undoId);
    if (report.added + report.updated > 0) await offerKeywordsAfter('import', place);
  } catch (error) {
    if (saidCancelled('import', error)) return;
    lastImport.value = { file: file.name, error: messageOf(error) };
    // From Settings the report beside the Import button says it (role=alert): one message, there.
    if (place !== 'data') fail(() => t('transfer.importFailed', { error: messageOf(error) }));
  }
}

/** The sample file of docs/ (English and Chinese memories), bundled: a new user tries Import with it; one undo takes it out. */
export function importSample(): Promise<void> {
  return importFile(new File([sampleMemories], 'sample-memories.json', { type: 'application/json' }));
}

/** The user confirmed the exact list the file proposed: apply it (the import's undo reverts it). */
export async function applyImportedSettings(): Promise<void> {
  const last = lastImport.value;
  if (!last || 'error' in last || importedSettings.value !== 'proposed') return;
  try {
    await send('transfer.applySettings', {
      changes: last.report.settingsChanges.map(({ path, to }) => ({ path, to })),
      undoId: last.report.undoId,
    });
    importedSettings.value = 'applied';
    say(() => t('transfer.settingsApplied'));
  } catch (error) {
    fail(messageOf(error));
  }
}

export function keepMySettings(): void {
  importedSettings.value = 'kept';
}

export async function exportFile(): Promise<void> {
  try {
    const chatHistory = exportChatHistory.value;
    const { text } = await track('export', () => send('transfer.export', { chatHistory }));
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `claude-mem-${new Date().toISOString().slice(0, 10)}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    const counts = exportedCounts(text);
    say(() =>
      [
        counts.older > 0
          ? t('transfer.exported', { n: counts.current, older: counts.older })
          : t('transfer.exportedCurrent', { n: counts.current }),
        counts.other > 0 ? t('transfer.exportedOther', { other: counts.other }) : '',
      ]
        .join(' ')
        .trim(),
    );
  } catch (error) {
    if (saidCancelled('export', error)) return;
    fail(() => t('transfer.exportFailed', { error: messageOf(error) }));
  }
}

export async function restoreFrom(backup: BackupSummary): Promise<void> {
  try {
    const r = await track('restore', () => send('backups.restore', { id: backup.id }));
    say(() => t('backups.restored', { memories: r.memories, chats: r.chats }));
    undoExactly(t('undo.restored'), r.undoId);
    await refreshBackups();
  } catch (error) {
    if (saidCancelled('restore', error)) return;
    fail(messageOf(error));
  }
}

/** What the file holds, as the notice says it: current memories, older versions, the rest. */
function exportedCounts(text: string): { current: number; older: number; other: number } {
  const out = { current: 0, older: 0, other: 0 };
  const file = JSON.parse(text) as { memories?: { status: MemoryStatus }[] };
  for (const m of file.memories ?? []) {
    if (isCurrent(m)) out.current++;
    else if (m.status === 'superseded') out.older++;
    else out.other++;
  }
  return out;
}
