/** A quiet line in Memories once the store grew by a few hundred since the last tidy-up. */
import { t } from '../../../lib/i18n';
import { dismissTidySuggestion, openTidy, tidySuggestion } from '../models/tidy';

export function TidySuggestion() {
  const grown = tidySuggestion.value;
  if (grown === null) return null;
  return (
    <aside class="tidy-suggestion" aria-label={t('tidy.title')}>
      <p>{t('tidy.suggestShort', { n: grown })}</p>
      <button type="button" class="small" onClick={() => void openTidy()}>
        {t('tidy.open')}
      </button>
      <button type="button" class="small" onClick={() => void dismissTidySuggestion()}>
        {t('tidy.notNow')}
      </button>
    </aside>
  );
}
