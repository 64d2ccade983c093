/** This tab, when the active tab is not a supported chat site. */
import { EmptyState } from '../../../components/empty-state';
import { t } from '../../../lib/i18n';
import { SITE_LABELS } from '../../../lib/sites/ids';

export function ThisTabEmpty() {
  return (
    <EmptyState title={t('tab.noSite.title')}>
      <p>{t('tab.noSite.body')}</p>
      <p class="muted">{Object.values(SITE_LABELS).join(' · ')}</p>
    </EmptyState>
  );
}
