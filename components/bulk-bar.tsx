import { t } from '../lib/i18n';
import type { MemoryType, Scope } from '../lib/memory/types';
import { BulkSelect } from './bulk-select';
import { scopeOptions, typeOptions } from './field-options';
import type { SelectOption } from './select-field';

export interface BulkBarProps {
  count: number;
  shown: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onType: (type: MemoryType) => void;
  onScope: (scope: Scope) => void;
  /** Everywhere and each space: the selection moves there. */
  spaceOptions: readonly SelectOption<string>[];
  onSpace: (value: string) => void;
}

/** Appears while memories are selected: act on all of them at once (undo covers it). */
export function BulkBar(props: BulkBarProps) {
  const { count, shown, onSelectAll, onClear, onDelete, onType, onScope } = props;
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
        <BulkSelect label={t('bulk.setType')} placeholder={t('bulk.choose')} options={typeOptions()} onPick={onType} />
        <BulkSelect
          label={t('bulk.setScope')}
          placeholder={t('bulk.choose')}
          options={scopeOptions()}
          onPick={onScope}
        />
        <BulkSelect
          label={t('space.moveTo')}
          placeholder={t('bulk.choose')}
          options={props.spaceOptions}
          onPick={props.onSpace}
        />
      </div>
    </section>
  );
}
