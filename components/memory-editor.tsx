import { t } from '../lib/i18n';
import type { MemoryFieldValues } from './memory-fields';
import { MemoryForm } from './memory-form';
import { SelectField, type SelectOption } from './select-field';
import { WhenField } from './when-field';

export interface MemoryEditorProps {
  id: string;
  values: MemoryFieldValues;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  onSave: () => void;
  onCancel: () => void;
  /** Its space (a select value from space-options.ts) and where it may move. */
  space: string;
  spaceOptions: readonly SelectOption<string>[];
  onSpace: (value: string) => void;
  /** The day it is about, as typed (empty: none). */
  when: string;
  onWhen: (value: string) => void;
}

/** Inline edit of one memory. Enter in a field saves, Escape cancels. */
export function MemoryEditor({ id, onSave, space, spaceOptions, onSpace, when, onWhen, ...form }: MemoryEditorProps) {
  return (
    <MemoryForm
      class="memory-editor"
      label={t('mem.editing')}
      submitLabel={t('common.save')}
      idPrefix={`edit-${id}`}
      onSubmit={onSave}
      {...form}
      extra={
        <>
          <WhenField id={`edit-${id}-when`} value={when} onChange={onWhen} />
          <SelectField class="wide" label={t('space.field')} value={space} options={spaceOptions} onChange={onSpace} />
        </>
      }
    />
  );
}
