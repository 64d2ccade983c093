import { t } from '../lib/i18n';
import { MemoryFields, type MemoryFieldValues } from './memory-fields';

export interface MemoryEditorProps {
  id: string;
  values: MemoryFieldValues;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** Inline edit of one memory. Enter in a field saves, Escape cancels. */
export function MemoryEditor({ id, values, onChange, onSave, onCancel }: MemoryEditorProps) {
  return (
    <form
      class="memory-editor"
      aria-label={t('mem.editing')}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <MemoryFields values={values} onChange={onChange} idPrefix={`edit-${id}`} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={!values.content.trim()}>
          {t('common.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
