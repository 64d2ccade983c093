/** The first thing a new user sees: what this is and the three ways to get memories in. */
import { EmptyState } from '../../../components/empty-state';
import { t } from '../../../lib/i18n';
import { SITE_LABELS } from '../../../lib/sites/ids';
import { openAdd } from '../models/add-memory';
import { keyMissing } from '../models/settings';
import { goToSettings } from '../models/settings-sections';

export function MemoriesEmpty() {
  const sites = Object.values(SITE_LABELS).slice(0, 6).join(', ');
  return (
    <EmptyState title={t('empty.memories.title')}>
      <ol class="steps">
        {keyMissing.value && (
          <li>
            {t('empty.memories.key')}{' '}
            <button type="button" class="small link" onClick={() => goToSettings('connection')}>
              {t('empty.memories.openSettings')}
            </button>
          </li>
        )}
        <li>{t('empty.memories.chat', { sites })}</li>
        <li>
          {t('empty.memories.byHand')}{' '}
          <button type="button" class="small link" onClick={() => openAdd()}>
            {t('add.open')}
          </button>
        </li>
      </ol>
    </EmptyState>
  );
}
