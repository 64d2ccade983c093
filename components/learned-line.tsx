import { t } from '../lib/i18n';

export interface LearnedLineProps {
  /** "Learned 3 memories from 'Trip planning'", already in the panel's language. */
  text: string | null;
  onShow: () => void;
  onDismiss: () => void;
}

/** What the last extraction learned, with a link to the memories; gone once seen or dismissed. */
export function LearnedLine({ text, onShow, onDismiss }: LearnedLineProps) {
  if (!text) return null;
  return (
    <div class="status learned" role="status">
      <p>
        {text}{' '}
        <button type="button" class="link" onClick={onShow}>
          {t('learned.show')}
        </button>
      </p>
      <button type="button" class="icon-button" onClick={onDismiss} aria-label={t('common.dismiss')}>
        ×
      </button>
    </div>
  );
}
