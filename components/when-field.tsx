import { t } from '../lib/i18n';
import { parseWhen } from '../lib/memory/when';

export interface WhenFieldProps {
  id: string;
  /** As typed: empty (no date), a day, or a range. */
  value: string;
  onChange: (value: string) => void;
}

/** True when what is typed can be saved: nothing, a calendar day, or a range of days. */
function whenTyped(value: string): boolean {
  return value.trim() === '' || parseWhen(value) !== null;
}

/** The day a memory is about: typed as ISO dates, so a range is as easy as a day. */
export function WhenField({ id, value, onChange }: WhenFieldProps) {
  const ok = whenTyped(value);
  return (
    <label class="field wide when-field">
      <span class="field-label">{t('mem.when')}</span>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        maxLength={21}
        value={value}
        placeholder={t('mem.whenPlaceholder')}
        aria-invalid={!ok}
        aria-describedby={ok ? undefined : `${id}-problem`}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
      {!ok && (
        <span id={`${id}-problem`} class="field-problem" role="alert">
          {t('mem.whenInvalid')}
        </span>
      )}
    </label>
  );
}
