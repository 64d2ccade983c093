/** Settings → Sites (with the review rule), privacy patterns and language (capture has its own file). */

import { PrivacyPatterns } from '../../../components/privacy-patterns';
import { SelectField } from '../../../components/select-field';
import { SettingsSection } from '../../../components/settings-section';
import { SiteTable } from '../../../components/site-table';
import { t } from '../../../lib/i18n';
import { REVIEW_MODES } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { idOf, NONE, optionOf } from '../models/chat-space';
import { previewRedaction, testerText } from '../models/privacy-tester';
import { chooseLanguage, editForm, editSite, form } from '../models/settings';
import { chooseSiteDefault, shownSiteDefault } from '../models/site-default-draft';
import { spaces } from '../models/spaces';

/** A site's default space field: the open spaces, or none. */
function siteSpace(site: SiteId) {
  const id = shownSiteDefault(site);
  return {
    value: id ? optionOf(id) : NONE,
    options: [
      { value: NONE, label: t('chatSpace.none') },
      ...spaces.value.filter((s) => !s.archived || s.id === id).map((s) => ({ value: optionOf(s.id), label: s.name })),
    ],
    onChange: (v: string) => chooseSiteDefault(site, idOf(v)),
  };
}

export function SettingsSites() {
  const f = form.value;
  if (!f) return null;
  return (
    <SettingsSection id="set-sites" title={t('settings.sites')}>
      <p class="field-hint">{t('settings.sitesHint')}</p>
      <SiteTable sites={f.sites} onChange={editSite} spaceOf={siteSpace} />
      <SelectField
        label={t('settings.review')}
        value={f.review}
        options={REVIEW_MODES.map((m) => ({ value: m, label: t(`settings.review.${m}`) }))}
        onChange={(review) => editForm({ review })}
        hint={t('settings.review.hint')}
      />
    </SettingsSection>
  );
}

export function SettingsPrivacy() {
  const f = form.value;
  if (!f) return null;
  return (
    <SettingsSection id="set-privacy" title={t('settings.privacy')}>
      <PrivacyPatterns
        patterns={f.privacyPatterns}
        onChange={(privacyPatterns) => editForm({ privacyPatterns })}
        testerText={testerText.value}
        onTesterText={(v) => {
          testerText.value = v;
        }}
        preview={previewRedaction(testerText.value, f.privacyPatterns)}
      />
    </SettingsSection>
  );
}

export function SettingsLanguage() {
  const f = form.value;
  if (!f) return null;
  return (
    <SettingsSection id="set-lang" title={t('settings.languageTitle')}>
      <SelectField
        label={t('settings.language')}
        value={f.language}
        options={[
          { value: 'auto', label: t('settings.langAuto') },
          { value: 'en', label: 'English' },
          { value: 'zh', label: '简体中文' },
        ]}
        onChange={chooseLanguage}
        hint={t('settings.languageHint')}
      />
    </SettingsSection>
  );
}
