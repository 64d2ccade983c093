import { t } from '../lib/i18n';
import { MAX_MEMORY_CHARS, type MemoryType, type Scope } from '../lib/memory/types';
import { importanceOptions, scopeOptions, typeOptions } from './field-options';
import { SelectField } from './select-field';

export interface MemoryFieldValues {
  content: string;
  type: MemoryType;
  importance: number;
  scope: Scope;
  note: string;
}

export interface MemoryFieldsProps {
  values: MemoryFieldValues;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  /** Prefix for element ids, so two forms on the page never share one. */
  idPrefix: string;
}

/** The editable parts of a memory, shared by inline edit and "Add a memory". */
export function MemoryFields({ values, onChange, idPrefix }: MemoryFieldsProps) {
  return (
    <div class="memory-fields">
      <label class="field wide">
        <span class="field-label">{t('mem.content')}</span>
        <textarea
          id={`${idPrefix}-content`}
          rows={3}
          maxLength={MAX_MEMORY_CHARS}
          value={values.content}
          onInput={(e) => onChange({ content: e.currentTarget.value })}
        />
      </label>
      <SelectField
        label={t('mem.type')}
        value={values.type}
        options={typeOptions()}
        onChange={(type) => onChange({ type })}
      />
      <SelectField
        label={t('mem.importance')}
        value={String(values.importance) as '3'}
        options={importanceOptions()}
        onChange={(v) => onChange({ importance: Number(v) })}
      />
      <SelectField
        class="wide"
        label={t('mem.scope')}
        value={values.scope}
        options={scopeOptions()}
        onChange={(scope) => onChange({ scope })}
      />
      <label class="field wide">
        <span class="field-label">{t('mem.note')}</span>
        <input
          type="text"
          maxLength={MAX_MEMORY_CHARS}
          value={values.note}
          placeholder={t('mem.notePlaceholder')}
          onInput={(e) => onChange({ note: e.currentTarget.value })}
        />
      </label>
    </div>
  );
}
