import { t } from '../lib/i18n';
import { relativeTime } from '../lib/i18n/format';

export interface RecentActionsProps {
  entries: readonly { id: number; label: string; at: number; undone: boolean }[];
  onUndo: (id: number) => void;
}

/** The short history of recent changes, each undoable on its own. */
export function RecentActions({ entries, onUndo }: RecentActionsProps) {
  if (entries.length === 0) return null;
  return (
    <details class="recent-actions">
      <summary>{t('undo.recent', { n: entries.length })}</summary>
      <ul aria-label={t('undo.recentList')}>
        {entries.map((e) => (
          <li key={e.id}>
            <span class={e.undone ? 'undone' : ''}>{e.label}</span>
            <span class="muted">{relativeTime(new Date(e.at).toISOString())}</span>
            {e.undone ? (
              <span class="muted">{t('undo.undone')}</span>
            ) : (
              <button
                type="button"
                class="small"
                onClick={() => onUndo(e.id)}
                aria-label={`${t('undo.undo')}: ${e.label}`}
              >
                {t('undo.undo')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
