/** Settings → sites, privacy and language (capture has its own file). */
import { PrivacyPatterns } from '../../../components/privacy-patterns';
import { SelectField } from '../../../components/select-field';
import { SiteTable } from '../../../components/site-table';
import { t } from '../../../lib/i18n';
import { REVIEW_MODES } from '../../../lib/settings/schema';
import { previewRedaction, testerText } from '../models/privacy-tester';
import { editForm, editSite, form, setLanguage } from '../models/settings';
import { SettingsCapture } from './settings-capture';

export function SettingsGeneral() {
  const f = form.value;
  if (!f) return null;
  return (
    <>
      <section class="settings-section" aria-labelledby="set-sites">
        <h2 id="set-sites">{t('settings.sites')}</h2>
        <p class="field-hint">{t('settings.sitesHint')}</p>
        <SiteTable sites={f.sites} onChange={editSite} />
      </section>
      <section class="settings-section" aria-labelledby="set-review">
        <h2 id="set-review">{t('settings.review')}</h2>
        <SelectField
          label={t('settings.review')}
          value={f.review}
          options={REVIEW_MODES.map((m) => ({ value: m, label: t(`settings.review.${m}`) }))}
          onChange={(review) => editForm({ review })}
          hint={t('settings.review.hint')}
        />
      </section>
      <SettingsCapture />
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
