import { t } from '../lib/i18n';

export interface UndoToastProps {
  entry: { id: number; label: string } | null;
  /** What just happened in more words (an import's counts): shown instead of the entry's label. */
  text?: string | null;
  onUndo: (id: number) => void;
  onDismiss: () => void;
}

/**
 * The last change, with Undo one click away, in the panel's one feedback line (not floating over
 * the list). Announced politely; the slot stays in the page so screen readers hear what enters it.
 */
export function UndoToast({ entry, text, onUndo, onDismiss }: UndoToastProps) {
  return (
    <div class="toast-slot" aria-live="polite">
      {entry && (
        <div class="toast">
          {text ? (
            <p class="toast-text" role="status">
              {text}
            </p>
          ) : (
            <span class="toast-text">{entry.label}</span>
          )}
          <button type="button" class="toast-undo" onClick={() => onUndo(entry.id)}>
            {t('undo.undo')}
          </button>
          <button type="button" class="icon-button" onClick={onDismiss} aria-label={t('common.dismiss')}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
