import { t } from '../lib/i18n';

export interface ProviderDisclosureProps {
  /** The provider chosen in Settings, as the picker names it. */
  provider: string;
  /** The bundled privacy policy page. */
  privacyHref: string;
  error: string | null;
  onAccept: () => void;
}

/**
 * What goes to a cloud provider, shown before the first call and accepted once (PRIVACY.md
 * says it at length). Nothing is sent until the user presses the button.
 */
export function ProviderDisclosure({ provider, privacyHref, error, onAccept }: ProviderDisclosureProps) {
  return (
    <section class="provider-disclosure" aria-labelledby="consent-title">
      <h3 id="consent-title">{t('consent.title', { provider })}</h3>
      <p>{t('consent.body', { provider })}</p>
      <p class="field-hint">{t('consent.local')}</p>
      <p>
        <a href={privacyHref} target="_blank" rel="noopener noreferrer">
          {t('consent.policy')}
        </a>
      </p>
      <button type="button" onClick={onAccept}>
        {t('consent.accept')}
      </button>
      {error && (
        <p class="field-hint error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
