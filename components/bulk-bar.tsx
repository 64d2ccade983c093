import { t } from '../lib/i18n';
import type { MemoryType, Scope } from '../lib/memory/types';
import { scopeOptions, typeOptions } from './field-options';

export interface BulkBarProps {
  count: number;
  shown: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onType: (type: MemoryType) => void;
  onScope: (scope: Scope) => void;
}

/** Appears while memories are selected: act on all of them at once (undo covers it). */
export function BulkBar({ count, shown, onSelectAll, onClear, onDelete, onType, onScope }: BulkBarProps) {
  return (
    <section class="bulk-bar" aria-label={t('bulk.label')}>
      <p class="bulk-count" role="status">
        {t('bulk.selected', { n: count })}
      </p>
      <div class="bulk-row">
        {count < shown && (
          <button type="button" class="small" onClick={onSelectAll}>
            {t('bulk.selectAll', { n: shown })}
          </button>
        )}
        <button type="button" class="small" onClick={onClear}>
          {t('bulk.clear')}
        </button>
        <button type="button" class="small danger" onClick={onDelete}>
          {t('bulk.delete', { n: count })}
        </button>
      </div>
      <div class="bulk-row">
        <label class="field inline">
          <span class="field-label">{t('bulk.setType')}</span>
          <select
            value=""
            onChange={(e) => {
              const v = e.currentTarget.value as MemoryType | '';
              e.currentTarget.value = '';
              if (v) onType(v);
            }}
          >
            <option value="">{t('bulk.choose')}</option>
            {typeOptions().map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label class="field inline">
          <span class="field-label">{t('bulk.setScope')}</span>
          <select
            value=""
            onChange={(e) => {
              const v = e.currentTarget.value as Scope | '';
              e.currentTarget.value = '';
              if (v) onScope(v);
            }}
          >
            <option value="">{t('bulk.choose')}</option>
            {scopeOptions().map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}
