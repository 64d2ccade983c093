/** Settings → Connection: provider, API key, endpoint and model, and Test connection. */
import { ApiKeyField } from '../../../components/api-key-field';
import { ConnectionResult } from '../../../components/connection-result';
import { FoldSection } from '../../../components/fold-section';
import { ProviderFacts } from '../../../components/provider-facts';
import { SelectField } from '../../../components/select-field';
import { t } from '../../../lib/i18n';
import { money } from '../../../lib/i18n/format';
import { AUTH_STYLES, type AuthStyle, PRESETS, type ProviderId } from '../../../lib/provider/presets';
import { connection, runConnectionTest } from '../models/connection';
import {
  chooseProvider,
  currentAuth,
  currentPreset,
  currentPrice,
  currentUrlProblem,
  settleBaseUrl,
  typeBaseUrl,
} from '../models/provider';
import { apiKeyInput, editForm, form, hasApiKey, removeApiKey } from '../models/settings';

const PROVIDER_OPTIONS = [
  ...PRESETS.map((p) => ({ value: p.id as ProviderId, label: p.label })),
  { value: 'custom' as ProviderId, label: '' },
];

function factLines(): string[] {
  const preset = currentPreset.value;
  const price = currentPrice.value;
  if (preset?.local) {
    const setup =
      preset.id === 'ollama'
        ? t('provider.localSetup.ollama', { origin: location.origin })
        : t('provider.localSetup.llamacpp');
    return [t('provider.local'), setup];
  }
  if (!price?.known) return [t('provider.priceUnknown')];
  const input = money(price.inputPerMTok, price.currency);
  const output = money(price.outputPerMTok, price.currency);
  return [t('provider.price', { input, output })];
}

export function SettingsConnection() {
  const f = form.value;
  if (!f) return null;
  const preset = currentPreset.value;
  const auth = currentAuth.value;
  const problem = currentUrlProblem.value;
  const options = PROVIDER_OPTIONS.map((o) => ({
    ...o,
    label: o.value === 'custom' ? t('provider.custom') : t(`provider.name.${o.value}`),
  }));
  return (
    <FoldSection id="set-conn" title={t('settings.connection')}>
      <SelectField<ProviderId>
        class="wide"
        label={t('provider.label')}
        value={f.provider}
        options={options}
        onChange={chooseProvider}
      />
      <ProviderFacts
        keyLink={preset?.keyUrl ? { href: preset.keyUrl, text: t('provider.getKey', { name: preset.label }) } : null}
        lines={factLines()}
      />
      {auth === 'none' ? (
        <p class="field-hint">{t('provider.noKeyNeeded')}</p>
      ) : (
        <ApiKeyField
          hasKey={hasApiKey.value}
          value={apiKeyInput.value}
          onInput={(v) => {
            apiKeyInput.value = v;
          }}
          onRemove={() => void removeApiKey()}
        />
      )}
      <label class="field wide">
        <span class="field-label">{t('settings.baseUrl')}</span>
        <input
          type="url"
          value={f.baseUrl}
          spellcheck={false}
          aria-invalid={problem !== null}
          onInput={(e) => typeBaseUrl(e.currentTarget.value)}
          onChange={(e) => settleBaseUrl(e.currentTarget.value)}
        />
        <span class={`field-hint ${problem ? 'error' : ''}`}>
          {problem ? t(`provider.baseUrlProblem.${problem}`) : t('settings.baseUrlHint')}
        </span>
      </label>
      {f.provider === 'custom' && (
        <SelectField<AuthStyle>
          class="wide"
          label={t('provider.auth')}
          value={f.authStyle}
          options={AUTH_STYLES.map((a) => ({ value: a, label: t(`provider.auth.${a}`) }))}
          onChange={(authStyle) => editForm({ authStyle })}
        />
      )}
      <label class="field wide">
        <span class="field-label">{t('settings.model')}</span>
        <input
          type="text"
          value={f.model}
          spellcheck={false}
          list="provider-models"
          onInput={(e) => editForm({ model: e.currentTarget.value })}
        />
        <datalist id="provider-models">
          {(preset?.models ?? []).map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        {preset && <span class="field-hint">{t('provider.models', { list: preset.models.join(', ') })}</span>}
      </label>
      <button type="button" onClick={() => void runConnectionTest()} disabled={connection.value.state === 'testing'}>
        {t('conn.test')}
      </button>
      <ConnectionResult state={connection.value} />
    </FoldSection>
  );
}
