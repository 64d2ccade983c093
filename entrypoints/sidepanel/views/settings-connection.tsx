/** Settings → Connection: the API key, endpoint and model, and Test connection. */
import { ApiKeyField } from '../../../components/api-key-field';
import { ConnectionResult } from '../../../components/connection-result';
import { t } from '../../../lib/i18n';
import { connection, runConnectionTest } from '../models/connection';
import { apiKeyInput, editForm, form, hasApiKey, removeApiKey } from '../models/settings';

export function SettingsConnection() {
  const f = form.value;
  if (!f) return null;
  return (
    <section class="settings-section" aria-labelledby="set-conn">
      <h2 id="set-conn">{t('settings.connection')}</h2>
      <ApiKeyField
        hasKey={hasApiKey.value}
        value={apiKeyInput.value}
        onInput={(v) => {
          apiKeyInput.value = v;
        }}
        onRemove={() => void removeApiKey()}
      />
      <label class="field wide">
        <span class="field-label">{t('settings.baseUrl')}</span>
        <input
          type="url"
          value={f.baseUrl}
          spellcheck={false}
          onInput={(e) => editForm({ baseUrl: e.currentTarget.value })}
        />
        <span class="field-hint">{t('settings.baseUrlHint')}</span>
      </label>
      <label class="field wide">
        <span class="field-label">{t('settings.model')}</span>
        <input
          type="text"
          value={f.model}
          spellcheck={false}
          onInput={(e) => editForm({ model: e.currentTarget.value })}
        />
      </label>
      <button type="button" onClick={() => void runConnectionTest()} disabled={connection.value.state === 'testing'}>
        {t('conn.test')}
      </button>
      <ConnectionResult state={connection.value} />
    </section>
  );
}
