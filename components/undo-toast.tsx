import { t } from '../lib/i18n';

export interface UndoToastProps {
  entry: { id: number; label: string } | null;
  onUndo: (id: number) => void;
  onDismiss: () => void;
}

/** The last change, with Undo one click away. Announced politely; stays out of the way. */
export function UndoToast({ entry, onUndo, onDismiss }: UndoToastProps) {
  return (
    <div class="toast-slot" aria-live="polite">
      {entry && (
        <div class="toast">
          <span class="toast-text">{entry.label}</span>
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
