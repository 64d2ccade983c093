/** Settings → Your data: export, import with its report (and the keywords offer after it), taking memories elsewhere, backups. */
import { BackupList } from '../../../components/backup-list';
import { ImportReport } from '../../../components/import-report';
import { SettingsSection } from '../../../components/settings-section';
import { TakeOut } from '../../../components/take-out';
import { TransferBar } from '../../../components/transfer-bar';
import { t } from '../../../lib/i18n';
import { copyForInstructions, customLimit, exportMarkdown, setCustomLimit } from '../models/take-out';
import { backups, exportChatHistory, exportFile, importFile, lastImport, restoreFrom } from '../models/transfer';
import { busy } from '../models/work';
import { KeywordsOffer } from './keywords-offer';
import { ProposedSettings } from './proposed-settings';

export function SettingsData() {
  return (
    <SettingsSection id="set-data" title={t('settings.data')}>
      <p class="field-hint">{t('settings.dataHint')}</p>
      <TransferBar
        onImport={(f) => void importFile(f, 'data')}
        onExport={() => void exportFile()}
        busy={busy('import') || busy('export')}
        chatHistory={{
          checked: exportChatHistory.value,
          onChange: (checked) => {
            exportChatHistory.value = checked;
          },
        }}
      />
      <ImportReport last={lastImport.value} />
      <KeywordsOffer place="data" />
      <ProposedSettings />
      <TakeOut
        limit={customLimit.value}
        onLimit={setCustomLimit}
        onMarkdown={exportMarkdown}
        onCopy={() => void copyForInstructions()}
      />
      <h3>{t('backups.title')}</h3>
      <p class="field-hint">{t('backups.hint')}</p>
      <BackupList
        backups={backups.value}
        busy={busy('restore')}
        onRestore={(id) => {
          const b = backups.value.find((x) => x.id === id);
          if (b) void restoreFrom(b);
        }}
      />
    </SettingsSection>
  );
}
