/**
 * The settings the last imported file proposes, where the import was made. In Settings the
 * outcome stays in view; elsewhere the list shows only while it waits for a decision.
 */
import { ImportSettings } from '../../../components/import-settings';
import { applyImportedSettings, importedSettings, keepMySettings, lastImport } from '../models/transfer';

export function ProposedSettings({ whilePending = false }: { whilePending?: boolean }) {
  const last = lastImport.value;
  if (!last || 'error' in last) return null;
  if (whilePending && importedSettings.value !== 'proposed') return null;
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
