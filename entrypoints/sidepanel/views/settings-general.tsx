/** Settings → sites, privacy and language (capture has its own file). */
import { FoldSection } from '../../../components/fold-section';
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
      <FoldSection id="set-sites" title={t('settings.sites')}>
        <p class="field-hint">{t('settings.sitesHint')}</p>
        <SiteTable sites={f.sites} onChange={editSite} />
      </FoldSection>
      <FoldSection id="set-review" title={t('settings.review')}>
        <SelectField
          label={t('settings.review')}
          value={f.review}
          options={REVIEW_MODES.map((m) => ({ value: m, label: t(`settings.review.${m}`) }))}
          onChange={(review) => editForm({ review })}
          hint={t('settings.review.hint')}
        />
      </FoldSection>
      <SettingsCapture />
      <FoldSection id="set-privacy" title={t('settings.privacy')}>
        <PrivacyPatterns
          patterns={f.privacyPatterns}
          onChange={(privacyPatterns) => editForm({ privacyPatterns })}
          testerText={testerText.value}
          onTesterText={(v) => {
            testerText.value = v;
          }}
          preview={previewRedaction(testerText.value, f.privacyPatterns)}
        />
      </FoldSection>
      <FoldSection id="set-lang" title={t('settings.languageTitle')}>
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
      </FoldSection>
    </>
  );
}
