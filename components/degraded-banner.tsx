import { t } from '../lib/i18n';
import { dateTime } from '../lib/i18n/format';

export interface DegradedBannerProps {
  degraded: { at: string; error: string };
  /** Runs the start-up check again. */
  onRecheck: () => void;
  checking: boolean;
}

/**
 * The store could not be read at start-up and was left alone: say so, that nothing was lost by
 * it, and offer the check again (a passing fault, such as a full disk since freed, clears it).
 */
export function DegradedBanner({ degraded, onRecheck, checking }: DegradedBannerProps) {
  return (
    <div class="status error" role="alert">
      <p>{t('store.degraded', { when: dateTime(degraded.at), error: degraded.error })}</p>
      <button type="button" onClick={onRecheck} disabled={checking} aria-busy={checking}>
        {checking ? t('store.degradedChecking') : t('store.degradedRecheck')}
      </button>
    </div>
  );
}
