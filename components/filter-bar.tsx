import { t } from '../lib/i18n';
import type { MemoryStatus, MemoryType, Scope } from '../lib/memory/types';
import { scopeOptions, statusOptions, typeOptions, withAny } from './field-options';
import { SelectField } from './select-field';

export interface FilterValues {
  type: MemoryType | 'any';
  status: MemoryStatus | 'current' | 'any';
  scope: Scope | 'any';
  pinnedOnly: boolean;
}

export interface FilterBarProps {
  filters: FilterValues;
  active: boolean;
  onChange: (patch: Partial<FilterValues>) => void;
  onReset: () => void;
}

export function FilterBar({ filters, active, onChange, onReset }: FilterBarProps) {
  return (
    <fieldset class="filter-bar">
      <legend class="visually-hidden">{t('filter.legend')}</legend>
      <SelectField
        label={t('mem.type')}
        value={filters.type}
        options={withAny(typeOptions())}
        onChange={(type) => onChange({ type })}
      />
      <SelectField
        label={t('mem.status')}
        value={filters.status}
        options={[
          { value: 'current', label: t('filter.current') },
          { value: 'any', label: t('filter.allStatuses') },
          ...statusOptions(),
        ]}
        onChange={(status) => onChange({ status })}
      />
      <SelectField
        label={t('filter.scope')}
        value={filters.scope}
        options={withAny(scopeOptions())}
        onChange={(scope) => onChange({ scope })}
      />
      <label class="check-field">
        <input
          type="checkbox"
          checked={filters.pinnedOnly}
          onChange={(e) => onChange({ pinnedOnly: e.currentTarget.checked })}
        />
        {t('filter.pinnedOnly')}
      </label>
      {active && (
        <button type="button" class="small link" onClick={onReset}>
          {t('filter.reset')}
        </button>
      )}
    </fieldset>
  );
}
