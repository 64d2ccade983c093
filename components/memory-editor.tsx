import { t } from '../lib/i18n';
import type { MemoryFieldValues } from './memory-fields';
import { MemoryForm } from './memory-form';

export interface MemoryEditorProps {
  id: string;
  values: MemoryFieldValues;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** Inline edit of one memory. Enter in a field saves, Escape cancels. */
export function MemoryEditor({ id, onSave, ...form }: MemoryEditorProps) {
  return (
    <MemoryForm
      class="memory-editor"
      label={t('mem.editing')}
      submitLabel={t('common.save')}
      idPrefix={`edit-${id}`}
      onSubmit={onSave}
      {...form}
    />
  );
}
