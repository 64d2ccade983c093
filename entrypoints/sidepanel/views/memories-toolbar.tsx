/** Add by hand, import and export: the Memories view's first row. */
import { TransferBar } from '../../../components/transfer-bar';
import { t } from '../../../lib/i18n';
import { addOpen, openAdd } from '../models/add-memory';
import { exportFile, importFile } from '../models/transfer';
import { ProposedSettings } from './proposed-settings';

export function MemoriesToolbar() {
  return (
    <div class="toolbar">
      {!addOpen.value && (
        <button type="button" class="primary" onClick={() => openAdd()}>
          {t('add.open')}
        </button>
      )}
      <TransferBar onImport={(f) => void importFile(f)} onExport={() => void exportFile()} />
      <ProposedSettings whilePending />
    </div>
  );
}
