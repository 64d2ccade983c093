import { t } from '../lib/i18n';
import type { PrivacyPattern } from '../lib/settings/schema';
import { PatternRow } from './pattern-row';

export interface PrivacyPatternsProps {
  patterns: readonly PrivacyPattern[];
  onChange: (next: PrivacyPattern[]) => void;
  testerText: string;
  onTesterText: (v: string) => void;
  preview: { output: string; hits: number[]; invalid: number[] };
}

/** The user's own redaction rules, and a box to try them on before anything is sent. */
export function PrivacyPatterns({ patterns, onChange, testerText, onTesterText, preview }: PrivacyPatternsProps) {
  const set = (i: number, patch: Partial<PrivacyPattern>) =>
    onChange(patterns.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <div class="privacy">
      <p class="field-hint">{t('privacy.intro')}</p>
      <ul class="pattern-list" aria-label={t('privacy.listLabel')}>
        {patterns.map((p, i) => (
          <PatternRow
            // biome-ignore lint/suspicious/noArrayIndexKey: patterns have no id; rows are positional and fully controlled.
            key={i}
            pattern={p}
            invalid={preview.invalid.includes(i)}
            hits={preview.hits[i] ?? 0}
            onChange={(patch) => set(i, patch)}
            onRemove={() => onChange(patterns.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      <button type="button" class="small" onClick={() => onChange([...patterns, { label: '', pattern: '' }])}>
        {t('privacy.add')}
      </button>
      <label class="field wide">
        <span class="field-label">{t('privacy.tester')}</span>
        <textarea
          rows={2}
          value={testerText}
          placeholder={t('privacy.testerPlaceholder')}
          onInput={(e) => onTesterText(e.currentTarget.value)}
        />
      </label>
      {testerText && (
        <output class="redacted" aria-label={t('privacy.result')}>
          {preview.output}
        </output>
      )}
    </div>
  );
}
