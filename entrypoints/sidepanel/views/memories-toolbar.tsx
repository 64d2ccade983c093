/** Add by hand, bring in from elsewhere, add keywords, tidy up, import and export: the Memories view's first row. */
import { TransferBar } from '../../../components/transfer-bar';
import { t } from '../../../lib/i18n';
import { addOpen, openAdd } from '../models/add-memory';
import { bringOpen, openBringIn } from '../models/bring-in';
import { keywordsOffer, openKeywords } from '../models/keywords';
import { openProposals, openTidy, tidyOpen } from '../models/tidy';
import { exportFile, importFile } from '../models/transfer';
import { busy } from '../models/work';
import { ProposedSettings } from './proposed-settings';

export function MemoriesToolbar() {
  return (
    <div class="toolbar">
      {!addOpen.value && (
        <button type="button" class="primary" onClick={() => openAdd()}>
          {t('add.open')}
        </button>
      )}
      {!bringOpen.value && (
        <button type="button" onClick={openBringIn}>
          {t('bring.open')}
        </button>
      )}
      {keywordsOffer.value?.place !== 'memories' && (
        <button type="button" disabled={busy('keywords')} onClick={() => void openKeywords()}>
          {t('kw.open')}
        </button>
      )}
      {!tidyOpen.value && (
        <button type="button" disabled={busy('tidy')} onClick={() => void openTidy()}>
          {openProposals.value.length > 0 ? t('tidy.openWaiting', { n: openProposals.value.length }) : t('tidy.open')}
        </button>
      )}
      <TransferBar
        onImport={(f) => void importFile(f, 'memories')}
        onExport={() => void exportFile()}
        busy={busy('import') || busy('export')}
      />
      <ProposedSettings whilePending />
    </div>
  );
}
