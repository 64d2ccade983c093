/**
 * Settings: a row of section names and the one section picked under it, then the save bar.
 * Every choice in Settings is saved by the bar's Save settings (models/settings-save.ts).
 */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { StoreHealth } from '../../../components/store-health';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { form } from '../models/settings';
import { anyDirty, discardSettings, saveLine, saveSettings, saving } from '../models/settings-save';
import {
  openSettingsSection,
  SETTINGS_SECTIONS,
  type SettingsSectionId,
  settingsSection,
} from '../models/settings-sections';
import { quarantine, refreshStoreHealth, runMaintenanceNow, storeStatus } from '../models/store-health';
import { startBackupsModel } from '../models/transfer';
import { SettingsCapture } from './settings-capture';
import { SettingsConnection } from './settings-connection';
import { SettingsData } from './settings-data';
import { SettingsDesktopTools } from './settings-desktop-tools';
import { SettingsLanguage, SettingsPrivacy, SettingsSites } from './settings-general';
import { SettingsSync } from './settings-sync';

function SectionNav() {
  return (
    <nav class="settings-nav" aria-label={t('settings.sections')}>
      {SETTINGS_SECTIONS.map((id) => (
        <button
          key={id}
          type="button"
          data-section={id}
          aria-current={settingsSection.value === id ? 'true' : undefined}
          onClick={() => openSettingsSection(id)}
        >
          {t(`settings.section.${id}`)}
        </button>
      ))}
    </nav>
  );
}

const FORM_ID = 'settings-form';

/** The settings form's sections: Enter in a field presses the bar's Save settings (its default button). */
function FormPart({ children }: { children: ComponentChildren }) {
  return (
    <form
      id={FORM_ID}
      class="settings-form"
      // The background validates with the settings schema and says what is wrong, in words.
      noValidate
      aria-label={t('settings.formLabel')}
      // The Save button's click saves; a submission reaching the form does nothing more.
      onSubmit={(e) => e.preventDefault()}
    >
      {children}
    </form>
  );
}

function Section({ id }: { id: SettingsSectionId }) {
  switch (id) {
    case 'connection':
      return (
        <FormPart>
          <SettingsConnection />
        </FormPart>
      );
    case 'sites':
      return (
        <FormPart>
          <SettingsSites />
        </FormPart>
      );
    case 'capture':
      return (
        <FormPart>
          <SettingsCapture />
          <SettingsPrivacy />
        </FormPart>
      );
    case 'language':
      return (
        <FormPart>
          <SettingsLanguage />
        </FormPart>
      );
    case 'data':
      return (
        <>
          <SettingsData />
          <StoreHealth
            status={storeStatus.value}
            quarantine={quarantine.value}
            onRunMaintenance={() => void runMaintenanceNow()}
          />
        </>
      );
    case 'sync':
      return <SettingsSync />;
    case 'desktop':
      return <SettingsDesktopTools />;
  }
}

function SaveBar() {
  const line = saveLine.value;
  const failed = line.kind === 'failed';
  return (
    <div class={`save-bar ${line.kind}`}>
      <span role={failed ? 'alert' : 'status'} class={failed ? 'error' : ''}>
        {line.text()}
      </span>
      <button type="button" onClick={discardSettings} disabled={!anyDirty.value || saving.value}>
        {t('settings.discard')}
      </button>
      <button
        type="submit"
        form={FORM_ID}
        class="primary"
        disabled={!anyDirty.value || saving.value}
        onClick={(e) => {
          e.preventDefault();
          void saveSettings();
        }}
      >
        {t('settings.save')}
      </button>
    </div>
  );
}

export function SettingsView() {
  useEffect(() => startBackupsModel(), []);
  useEffect(() => void refreshStoreHealth(), []);
  if (!form.value) return <p class="empty">{t('common.loading')}</p>;
  return (
    <ViewPanel id="settings">
      <SectionNav />
      <Section id={settingsSection.value} />
      <SaveBar />
    </ViewPanel>
  );
}
