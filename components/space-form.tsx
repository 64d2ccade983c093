import { t } from '../lib/i18n';

/** A space's editable fields as the form holds them; `endsOn` is a `YYYY-MM-DD` day or empty. */
export interface SpaceFormValues {
  name: string;
  description: string;
  isolated: boolean;
  endsOn: string;
}

export interface SpaceFormProps {
  idPrefix: string;
  label: string;
  submitLabel: string;
  values: SpaceFormValues;
  onChange: (patch: Partial<SpaceFormValues>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

const NAME_MAX = 60;
const DESCRIPTION_MAX = 300;

/** Create or edit a space. Names and descriptions are shown as text wherever they appear. */
export function SpaceForm({ idPrefix, label, submitLabel, values, onChange, onSubmit, onCancel }: SpaceFormProps) {
  return (
    <form
      class="space-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <label class="field wide">
        <span class="field-label">{t('space.name')}</span>
        <input
          id={`${idPrefix}-name`}
          type="text"
          required
          maxLength={NAME_MAX}
          value={values.name}
          onInput={(e) => onChange({ name: e.currentTarget.value })}
        />
      </label>
      <label class="field wide">
        <span class="field-label">{t('space.description')}</span>
        <textarea
          id={`${idPrefix}-description`}
          rows={2}
          maxLength={DESCRIPTION_MAX}
          value={values.description}
          aria-describedby={`${idPrefix}-description-hint`}
          onInput={(e) => onChange({ description: e.currentTarget.value })}
        />
        <span class="field-hint" id={`${idPrefix}-description-hint`}>
          {t('space.descriptionHint')} {values.description.length}/{DESCRIPTION_MAX}
        </span>
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={values.isolated}
          aria-describedby={`${idPrefix}-isolated-hint`}
          onChange={(e) => onChange({ isolated: e.currentTarget.checked })}
        />
        {t('space.isolated')}
      </label>
      <p class="field-hint" id={`${idPrefix}-isolated-hint`}>
        {t('space.isolatedHint')}
      </p>
      <label class="field">
        <span class="field-label">{t('space.endsAt')}</span>
        <input
          type="date"
          value={values.endsOn}
          aria-describedby={`${idPrefix}-ends-hint`}
          onChange={(e) => onChange({ endsOn: e.currentTarget.value })}
        />
        <span class="field-hint" id={`${idPrefix}-ends-hint`}>
          {t('space.endsAtHint')}
        </span>
      </label>
      <div class="form-actions">
        <button type="submit" class="primary" disabled={!values.name.trim()}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
