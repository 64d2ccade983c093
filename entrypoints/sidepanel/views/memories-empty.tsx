/** The first thing a new user sees: what this is and the ways to get memories in. */
import { EmptyState } from '../../../components/empty-state';
import { t } from '../../../lib/i18n';
import { SITE_LABELS } from '../../../lib/sites/ids';
import { openAdd } from '../models/add-memory';
import { keyMissing } from '../models/settings';
import { goToSettings } from '../models/settings-sections';
import { importSample } from '../models/transfer';
import { busy } from '../models/work';

/**
 * Import lives in the toolbar's More actions menu: open it there and put the focus on Import, so
 * the user learns where it is (the click must not reach the menu's close-on-outside-click).
 */
function showImport(e: MouseEvent): void {
  e.stopPropagation();
  const menu = document.querySelector<HTMLDetailsElement>('#view-memories .action-menu');
  if (!menu) return;
  menu.open = true;
  menu.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
}

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
        <li>
          {t('empty.memories.import')}
          <span class="empty-actions">
            <button type="button" class="small" onClick={showImport}>
              {t('transfer.import')}
            </button>
            <button type="button" class="small" disabled={busy('import')} onClick={() => void importSample()}>
              {t('empty.memories.sample')}
            </button>
          </span>
        </li>
      </ol>
    </EmptyState>
  );
}
