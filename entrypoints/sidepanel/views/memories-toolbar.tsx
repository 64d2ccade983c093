/**
 * The Memories view's one row of actions: Add by hand in front; bring in, add keywords, tidy up,
 * import and export in one menu, so the memories start near the top of a narrow panel.
 */
import { ActionMenu } from '../../../components/action-menu';
import { TransferBar } from '../../../components/transfer-bar';
import { t } from '../../../lib/i18n';
import { addOpen, openAdd } from '../models/add-memory';
import { bringOpen, openBringIn } from '../models/bring-in';
import { keywordsOffer, openKeywords } from '../models/keywords';
import { currentCount } from '../models/memories';
import { managerOpen, toggleManager } from '../models/space-manager';
import { openProposals, openTidy, tidyOpen } from '../models/tidy';
import { exportFile, importFile } from '../models/transfer';
import { busy } from '../models/work';
import { ProposedSettings } from './proposed-settings';

export function MemoriesToolbar() {
  const waiting = openProposals.value.length;
  // Add keywords and Tidy up have nothing to work on in an empty store.
  const hasMemories = currentCount.value > 0;
  return (
    <div class="toolbar">
      {!addOpen.value && (
        <button type="button" class="primary" onClick={() => openAdd()}>
          {t('add.open')}
        </button>
      )}
      <ActionMenu label={waiting > 0 ? t('mem.moreActionsWaiting', { n: waiting }) : t('mem.moreActions')}>
        {!bringOpen.value && (
          <span class="menu-row">
            <button type="button" onClick={openBringIn}>
              {t('bring.open')}
            </button>
            <span class="menu-hint">{t('menu.bringInHint')}</span>
          </span>
        )}
        {hasMemories && keywordsOffer.value?.place !== 'memories' && (
          <button type="button" disabled={busy('keywords')} onClick={() => void openKeywords()}>
            {t('kw.open')}
          </button>
        )}
        {hasMemories && !tidyOpen.value && (
          <button type="button" disabled={busy('tidy')} onClick={() => void openTidy()}>
            {waiting > 0 ? t('tidy.openWaiting', { n: waiting }) : t('tidy.open')}
          </button>
        )}
        {!managerOpen.value && (
          <span class="menu-row">
            <button type="button" onClick={toggleManager}>
              {t('space.manage')}
            </button>
            <span class="menu-hint">{t('space.menuHint')}</span>
          </span>
        )}
        <TransferBar
          onImport={(f) => void importFile(f, 'memories')}
          onExport={() => void exportFile()}
          busy={busy('import') || busy('export')}
          hints={{ import: t('menu.importHint'), export: t('menu.exportHint') }}
        />
      </ActionMenu>
      <ProposedSettings whilePending />
    </div>
  );
}
