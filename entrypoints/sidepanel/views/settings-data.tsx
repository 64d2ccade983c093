/** Settings → Your data: export, import with its report, and the backups. */
import { BackupList } from '../../../components/backup-list';
import { ImportReport } from '../../../components/import-report';
import { ImportSettings } from '../../../components/import-settings';
import { TransferBar } from '../../../components/transfer-bar';
import { t } from '../../../lib/i18n';
import {
  applyImportedSettings,
  backups,
  exportFile,
  importedSettings,
  importFile,
  keepMySettings,
  lastImport,
  restoreFrom,
} from '../models/transfer';

export function SettingsData() {
  return (
    <section class="settings-section" aria-labelledby="set-data">
      <h2 id="set-data">{t('settings.data')}</h2>
      <p class="field-hint">{t('settings.dataHint')}</p>
      <TransferBar onImport={(f) => void importFile(f)} onExport={() => void exportFile()} />
      <ImportReport last={lastImport.value} />
      <ProposedSettings />
      <h3>{t('backups.title')}</h3>
      <p class="field-hint">{t('backups.hint')}</p>
      <BackupList
        backups={backups.value}
        onRestore={(id) => {
          const b = backups.value.find((x) => x.id === id);
          if (b) void restoreFrom(b);
        }}
      />
    </section>
  );
}

function ProposedSettings() {
  const last = lastImport.value;
  if (!last || 'error' in last) return null;
  return (
    <ImportSettings
      changes={last.report.settingsChanges}
      protectedKeys={last.report.settingsProtected}
      state={importedSettings.value}
      onApply={() => void applyImportedSettings()}
      onKeep={keepMySettings}
    />
  );
}
