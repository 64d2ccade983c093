import { t } from '../lib/i18n';
import type { MemoryFieldValues } from './memory-fields';
import { MemoryForm } from './memory-form';

export interface AddMemoryFormProps {
  values: MemoryFieldValues;
  /** Shown when the text came from "Remember this" on a page. */
  fromPage: string | null;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

export function AddMemoryForm({ fromPage, ...form }: AddMemoryFormProps) {
  return (
    <MemoryForm class="add-form" label={t('add.title')} submitLabel={t('add.save')} idPrefix="add" {...form}>
      <h2 class="form-title">{t('add.title')}</h2>
      {fromPage && <p class="muted">{t('add.fromPage', { page: fromPage })}</p>}
    </MemoryForm>
  );
}
