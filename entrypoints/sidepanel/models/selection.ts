/** Multi-select for bulk actions. Ids that disappear from the store drop out of the selection. */
import { signal } from '@preact/signals';

export const selected = signal<ReadonlySet<string>>(new Set());

export function toggleSelected(id: string, on?: boolean): void {
  const next = new Set(selected.value);
  if (on ?? !next.has(id)) next.add(id);
  else next.delete(id);
  selected.value = next;
}

export function selectAll(ids: readonly string[]): void {
  selected.value = new Set(ids);
}

export function clearSelection(): void {
  if (selected.value.size > 0) selected.value = new Set();
}

export function pruneSelection(existing: ReadonlySet<string>): void {
  const kept = [...selected.value].filter((id) => existing.has(id));
  if (kept.length !== selected.value.size) selected.value = new Set(kept);
}
