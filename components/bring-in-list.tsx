import type { ItemCheck } from '../lib/bring-in/types';
import { t } from '../lib/i18n';
import type { MemoryType } from '../lib/memory/types';
import { importanceOptions, typeOptions } from './field-options';

export interface BringInListItem {
  content: string;
  type: MemoryType;
  importance: number;
  include: boolean;
  check: ItemCheck | null;
}

export interface BringInListProps {
  items: readonly BringInListItem[];
  /** Text of an existing memory by id, for "updates: …" / "replaces: …". */
  existingText: (id: string) => string;
  onEdit: (index: number, patch: Partial<Pick<BringInListItem, 'type' | 'importance' | 'include'>>) => void;
}

function verdictText(check: ItemCheck | null, existingText: (id: string) => string): string {
  if (!check) return t('bring.checking');
  const existing = check.existing ? existingText(check.existing) : '';
  if (check.verdict === 'updates') return t('bring.verdict.updates', { existing });
  if (check.verdict === 'replaces') return t('bring.verdict.replaces', { existing });
  if (check.verdict === 'private') return t('bring.verdict.private', { label: check.label ?? '' });
  return t(`bring.verdict.${check.verdict}`);
}

/** The preview: each found memory with a tick, its type and importance, and what it would do. */
export function BringInList({ items, existingText, onEdit }: BringInListProps) {
  return (
    <ul class="bring-list" aria-label={t('bring.preview')}>
      {items.map((item, i) => {
        const id = `bring-${i}`;
        const blocked = item.check?.verdict === 'private';
        return (
          <li key={id} class={item.include && !blocked ? '' : 'excluded'}>
            <label class="bring-include">
              <input
                type="checkbox"
                checked={item.include && !blocked}
                disabled={blocked}
                aria-describedby={`${id}-text`}
                onChange={(e) => onEdit(i, { include: e.currentTarget.checked })}
              />
              <span class="visually-hidden">{t('bring.include')}</span>
            </label>
            <div class="bring-body">
              <p class="memory-content" id={`${id}-text`}>
                {item.content}
              </p>
              <p class={`bring-verdict verdict-${item.check?.verdict ?? 'pending'}`}>
                {verdictText(item.check, existingText)}
              </p>
              <div class="bring-fields">
                <label class="field inline">
                  <span class="field-label">{t('bring.type')}</span>
                  <select value={item.type} onChange={(e) => onEdit(i, { type: e.currentTarget.value as MemoryType })}>
                    {typeOptions().map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label class="field inline">
                  <span class="field-label">{t('bring.importance')}</span>
                  <select
                    value={String(item.importance)}
                    onChange={(e) => onEdit(i, { importance: Number(e.currentTarget.value) })}
                  >
                    {importanceOptions().map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
