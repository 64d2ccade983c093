/**
 * Settings → capture and extraction: when a chat counts as finished, retention, the daily cap,
 * and whether a conversation's first message is sent for search keywords while it is typed.
 */

import { NumberField } from '../../../components/number-field';
import { SelectField } from '../../../components/select-field';
import { SettingsSection } from '../../../components/settings-section';
import { t } from '../../../lib/i18n';
import { KEEP_CHAT_HISTORY, type KeepChatHistory } from '../../../lib/settings/schema';
import { editForm, form } from '../models/settings';

export function SettingsCapture() {
  const f = form.value;
  if (!f) return null;
  return (
    <SettingsSection id="set-capture" title={t('settings.capture')}>
      <div class="field-grid">
        <NumberField
          label={t('settings.idle')}
          value={f.idleMinutes}
          min={0.05}
          max={1440}
          hint={t('settings.idleHint')}
          onChange={(idleMinutes) => editForm({ idleMinutes })}
        />
        <SelectField<KeepChatHistory>
          label={t('settings.keepChatHistory')}
          value={f.keepChatHistory}
          options={KEEP_CHAT_HISTORY.map((value) => ({ value, label: t(`chats.keep.${value}`) }))}
          hint={t('settings.keepChatHistoryHint')}
          onChange={(keepChatHistory) => editForm({ keepChatHistory })}
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
      <label class="check">
        <input
          type="checkbox"
          checked={f.requestKeywords}
          onChange={(e) => editForm({ requestKeywords: e.currentTarget.checked })}
        />
        {t('settings.requestKeywords')}
      </label>
      <p class="field-hint">{t('settings.requestKeywordsHint')}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={f.judgeCandidates}
          disabled={!f.requestKeywords}
          onChange={(e) => editForm({ judgeCandidates: e.currentTarget.checked })}
        />
        {t('settings.judgeCandidates')}
      </label>
      <p class="field-hint">{t('settings.judgeCandidatesHint')}</p>
    </SettingsSection>
  );
}
