/** Option lists for the memory selects, built at render time so they follow the language. */
import { t } from '../lib/i18n';
import { scopeLabel, statusLabel, typeLabel } from '../lib/i18n/labels';
import { MEMORY_STATUSES, MEMORY_TYPES, type MemoryStatus, type MemoryType, type Scope } from '../lib/memory/types';
import { SITE_IDS } from '../lib/sites/ids';
import type { SelectOption } from './select-field';

export function typeOptions(): SelectOption<MemoryType>[] {
  return MEMORY_TYPES.map((value) => ({ value, label: typeLabel(value) }));
}

export function statusOptions(): SelectOption<MemoryStatus>[] {
  return MEMORY_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
}

export function scopeOptions(): SelectOption<Scope>[] {
  return (['global', ...SITE_IDS] as const).map((value) => ({ value, label: scopeLabel(value) }));
}

export function importanceOptions(): SelectOption<'1' | '2' | '3' | '4' | '5'>[] {
  return (['1', '2', '3', '4', '5'] as const).map((value) => ({ value, label: t(`importance.${value}`) }));
}

/** "Any …" first, for filters. */
export function withAny<V extends string>(options: SelectOption<V>[]): SelectOption<V | 'any'>[] {
  return [{ value: 'any', label: t('filter.any') }, ...options];
}
