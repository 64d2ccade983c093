/** Settings: connection, sites, capture, privacy, language, desktop tools, sync, data. One Save for the form. */
import { useEffect } from 'preact/hooks';
import { StoreHealth } from '../../../components/store-health';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { dirty, discardForm, form, saveSettingsForm } from '../models/settings';
import { quarantine, refreshStoreHealth, runMaintenanceNow, storeStatus } from '../models/store-health';
import { startBackupsModel } from '../models/transfer';
import { SettingsConnection } from './settings-connection';
import { SettingsData } from './settings-data';
import { SettingsDesktopTools } from './settings-desktop-tools';
import { SettingsGeneral } from './settings-general';
import { SettingsSync } from './settings-sync';

export function SettingsView() {
  useEffect(() => startBackupsModel(), []);
  useEffect(() => void refreshStoreHealth(), []);
  if (!form.value) return <p class="empty">{t('common.loading')}</p>;
  return (
    <ViewPanel id="settings">
      <form
        class="settings-form"
        // The background validates with the settings schema and says what is wrong, in words.
        noValidate
        aria-label={t('settings.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          void saveSettingsForm();
        }}
      >
        <SettingsConnection />
        <SettingsGeneral />
        <div class={`save-bar ${dirty.value ? 'dirty' : ''}`}>
          <span class="muted">{dirty.value ? t('settings.unsaved') : t('settings.allSaved')}</span>
          <button type="button" onClick={discardForm} disabled={!dirty.value}>
            {t('settings.discard')}
          </button>
          <button type="submit" class="primary" disabled={!dirty.value}>
            {t('settings.save')}
          </button>
        </div>
      </form>
      <SettingsDesktopTools />
      <SettingsSync />
      <SettingsData />
      <StoreHealth
        status={storeStatus.value}
        quarantine={quarantine.value}
        onRunMaintenance={() => void runMaintenanceNow()}
      />
    </ViewPanel>
  );
}
