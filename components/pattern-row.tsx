import { t } from '../lib/i18n';
import type { PrivacyPattern } from '../lib/settings/schema';

export interface PatternRowProps {
  pattern: PrivacyPattern;
  invalid: boolean;
  hits: number;
  onChange: (patch: Partial<PrivacyPattern>) => void;
  onRemove: () => void;
}

/** One redaction rule: its name, its regular expression, and how it fares on the test text. */
export function PatternRow({ pattern: p, invalid, hits, onChange, onRemove }: PatternRowProps) {
  return (
    <li class={invalid ? 'invalid' : ''}>
      <label class="field">
        <span class="field-label">{t('privacy.name')}</span>
        <input type="text" value={p.label} maxLength={80} onInput={(e) => onChange({ label: e.currentTarget.value })} />
      </label>
      <label class="field grow">
        <span class="field-label">{t('privacy.pattern')}</span>
        <input
          type="text"
          class="mono"
          value={p.pattern}
          maxLength={500}
          spellcheck={false}
          aria-invalid={invalid}
          onInput={(e) => onChange({ pattern: e.currentTarget.value })}
        />
      </label>
      <button type="button" class="small danger" onClick={onRemove}>
        {t('privacy.remove')}
      </button>
      <p class="field-hint wide">{invalid ? t('privacy.invalid') : t('privacy.hits', { n: hits })}</p>
    </li>
  );
}
