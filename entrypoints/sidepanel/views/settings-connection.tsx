/** Settings → Connection: provider, API key, endpoint and model, and Test connection. */

import { useEffect } from 'preact/hooks';
import { ApiKeyField } from '../../../components/api-key-field';
import { ConnectionResult } from '../../../components/connection-result';
import { ProviderDisclosure } from '../../../components/provider-disclosure';
import { ProviderFacts } from '../../../components/provider-facts';
import { SelectField } from '../../../components/select-field';
import { SettingsSection } from '../../../components/settings-section';
import { lang, t } from '../../../lib/i18n';
import { money } from '../../../lib/i18n/format';
import { consentOrigin, needsConsent, receiverName } from '../../../lib/provider/consent-rule';
import { AUTH_STYLES, type AuthStyle, PRESETS, type ProviderId } from '../../../lib/provider/presets';
import { connection, runConnectionTest } from '../models/connection';
import {
  acceptedFor,
  acceptProviderConsent,
  consent,
  consentError,
  loadConsent,
  withdrawProviderConsent,
} from '../models/consent';
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

/** The bundled policy (entrypoints/privacy/), in the panel's language. */
function privacyHref(): string {
  return lang.value === 'zh' ? 'privacy.html?lang=zh' : 'privacy.html';
}

/**
 * Before the first call to a provider outside this computer, for each receiving origin: the
 * notice naming who receives, or when it was accepted for this one.
 */
/** The other addresses the user agreed to send to, each with its way back. */
function OtherConsents({ origin }: { origin: string | null }) {
  const others = (consent.value?.accepted ?? []).filter((c) => c.origin !== origin);
  if (others.length === 0) return null;
  return (
    <ul class="field-hint">
      {others.map((c) => (
        <li key={c.origin}>
          {t('consent.alsoAgreed', { host: new URL(c.origin).host, date: c.acceptedAt.slice(0, 10) })}{' '}
          <button type="button" class="small link" onClick={() => void withdrawProviderConsent(c.origin)}>
            {t('consent.withdraw')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function ConsentPart({ baseUrl, provider }: { baseUrl: string; provider: string }) {
  const state = consent.value;
  const origin = consentOrigin(baseUrl);
  if (!state) return null;
  if (!needsConsent(baseUrl) || origin === null) return <OtherConsents origin={null} />;
  const acceptedAt = acceptedFor(state, baseUrl);
  if (acceptedAt === null) {
    return (
      <>
        <ProviderDisclosure
          provider={provider}
          privacyHref={privacyHref()}
          error={consentError.value}
          onAccept={() => void acceptProviderConsent(baseUrl)}
        />
        <OtherConsents origin={origin} />
      </>
    );
  }
  return (
    <>
      <p class="field-hint">
        {t('consent.accepted', { date: acceptedAt.slice(0, 10), provider })}{' '}
        <button type="button" class="small link" onClick={() => void withdrawProviderConsent(origin)}>
          {t('consent.withdraw')}
        </button>{' '}
        <a href={privacyHref()} target="_blank" rel="noopener noreferrer">
          {t('consent.policy')}
        </a>
      </p>
      <OtherConsents origin={origin} />
    </>
  );
}

export function SettingsConnection() {
  useEffect(() => void loadConsent(), []);
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
    <SettingsSection id="set-conn" title={t('settings.connection')}>
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
      <ConsentPart
        baseUrl={f.baseUrl}
        provider={receiverName(
          preset ? t(`provider.name.${preset.id as Exclude<ProviderId, 'custom'>}`) : null,
          f.baseUrl,
        )}
      />
      {/* Not disabled before the notice is accepted: the background refuses the call and the
          result says so, while a bad address is still reported first. */}
      <button type="button" onClick={() => void runConnectionTest()} disabled={connection.value.state === 'testing'}>
        {t('conn.test')}
      </button>
      <ConnectionResult state={connection.value} />
    </SettingsSection>
  );
}
