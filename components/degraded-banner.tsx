import { t } from '../lib/i18n';
import { dateTime } from '../lib/i18n/format';

export interface DegradedBannerProps {
  degraded: { at: string; error: string };
}

/** The store could not be read at start-up and was left alone: say so, and that nothing was lost by it. */
export function DegradedBanner({ degraded }: DegradedBannerProps) {
  return (
    <div class="status error" role="alert">
      <p>{t('store.degraded', { when: dateTime(degraded.at), error: degraded.error })}</p>
    </div>
  );
}
