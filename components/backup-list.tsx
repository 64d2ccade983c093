import { t } from '../lib/i18n';
import { dateTime } from '../lib/i18n/format';
import { backupReasonLabel } from '../lib/i18n/labels';

export interface BackupListProps {
  backups: readonly { id: string; at: string; reason: string; memoryCount: number; chatCount: number }[];
  onRestore: (id: string) => void;
  /** A restore (or an import) is running: no second one. */
  busy: boolean;
}

/** The automatic snapshots (newest 7), each restorable; a restore is itself undoable. */
export function BackupList({ backups, onRestore, busy }: BackupListProps) {
  if (backups.length === 0) return <p class="muted">{t('backups.none')}</p>;
  return (
    <ul class="backup-list" aria-label={t('backups.listLabel')}>
      {backups.map((b) => (
        <li key={b.id}>
          <span>
            <strong>{dateTime(b.at)}</strong>
            <span class="muted">
              {' '}
              · {backupReasonLabel(b.reason)} · {t('backups.counts', { memories: b.memoryCount, chats: b.chatCount })}
            </span>
          </span>
          <button
            type="button"
            class="small"
            disabled={busy}
            aria-label={t('backups.restoreFrom', { when: dateTime(b.at) })}
            onClick={() => onRestore(b.id)}
          >
            {t('backups.restore')}
          </button>
        </li>
      ))}
    </ul>
  );
}
