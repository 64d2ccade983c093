/** Settings → sites, capture, privacy and language. */
import { NumberField } from '../../../components/number-field';
import { PrivacyPatterns } from '../../../components/privacy-patterns';
import { SelectField } from '../../../components/select-field';
import { SiteTable } from '../../../components/site-table';
import { t } from '../../../lib/i18n';
import { previewRedaction, testerText } from '../models/privacy-tester';
import { editForm, editSite, form, setLanguage } from '../models/settings';

export function SettingsGeneral() {
  const f = form.value;
  if (!f) return null;
  return (
    <>
      <section class="settings-section" aria-labelledby="set-sites">
        <h2 id="set-sites">{t('settings.sites')}</h2>
        <SiteTable sites={f.sites} onChange={editSite} />
      </section>
      <section class="settings-section" aria-labelledby="set-capture">
        <h2 id="set-capture">{t('settings.capture')}</h2>
        <div class="field-grid">
          <NumberField
            label={t('settings.idle')}
            value={f.idleMinutes}
            min={0.05}
            max={1440}
            hint={t('settings.idleHint')}
            onChange={(idleMinutes) => editForm({ idleMinutes })}
          />
          <NumberField
            label={t('settings.retention')}
            value={f.transcriptRetentionDays}
            min={1}
            max={3650}
            hint={t('settings.retentionHint')}
            onChange={(n) => editForm({ transcriptRetentionDays: Math.round(n) })}
          />
          <NumberField
            label={t('settings.cap')}
            value={f.dailyTokenCap}
            min={0}
            max={100_000_000}
            step={10_000}
            hint={t('settings.capHint')}
            onChange={(n) => editForm({ dailyTokenCap: Math.round(n) })}
          />
        </div>
      </section>
      <section class="settings-section" aria-labelledby="set-privacy">
        <h2 id="set-privacy">{t('settings.privacy')}</h2>
        <PrivacyPatterns
          patterns={f.privacyPatterns}
          onChange={(privacyPatterns) => editForm({ privacyPatterns })}
          testerText={testerText.value}
          onTesterText={(v) => {
            testerText.value = v;
          }}
          preview={previewRedaction(testerText.value, f.privacyPatterns)}
        />
      </section>
      <section class="settings-section" aria-labelledby="set-lang">
        <h2 id="set-lang">{t('settings.languageTitle')}</h2>
        <SelectField
          label={t('settings.language')}
          value={f.language}
          options={[
            { value: 'auto', label: t('settings.langAuto') },
            { value: 'en', label: 'English' },
            { value: 'zh', label: '简体中文' },
          ]}
          onChange={(v) => void setLanguage(v)}
          hint={t('settings.languageHint')}
        />
      </section>
    </>
  );
}
