import { t } from '../lib/i18n';
import type { MemoryFieldValues } from './memory-fields';
import { MemoryForm } from './memory-form';
import { SelectField, type SelectOption } from './select-field';

export interface AddMemoryFormProps {
  values: MemoryFieldValues;
  /** Shown when the text came from "Remember this" on a page. */
  fromPage: string | null;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** Its space (a select value from space-options.ts); no select while there is no space. */
  space: string;
  spaceOptions: readonly SelectOption<string>[];
  onSpace: (value: string) => void;
}

export function AddMemoryForm({ fromPage, space, spaceOptions, onSpace, ...form }: AddMemoryFormProps) {
  const extra =
    spaceOptions.length > 1 ? (
      <SelectField class="wide" label={t('space.field')} value={space} options={spaceOptions} onChange={onSpace} />
    ) : null;
  return (
    <MemoryForm
      class="add-form"
      label={t('add.title')}
      submitLabel={t('add.save')}
      idPrefix="add"
      extra={extra}
      {...form}
    >
      <h2 class="form-title">{t('add.title')}</h2>
      {fromPage && <p class="muted">{t('add.fromPage', { page: fromPage })}</p>}
    </MemoryForm>
  );
}
