import { t } from '../lib/i18n';
import { MemoryFields, type MemoryFieldValues } from './memory-fields';

export interface AddMemoryFormProps {
  values: MemoryFieldValues;
  /** Shown when the text came from "Remember this" on a page. */
  fromPage: string | null;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

export function AddMemoryForm({ values, fromPage, onChange, onSubmit, onCancel }: AddMemoryFormProps) {
  return (
    <form
      class="add-form"
      aria-label={t('add.title')}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 class="form-title">{t('add.title')}</h2>
      {fromPage && <p class="muted">{t('add.fromPage', { page: fromPage })}</p>}
      <MemoryFields values={values} onChange={onChange} idPrefix="add" />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={!values.content.trim()}>
          {t('add.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
