/**
 * What the Memories view shows: the live list through the search box, filters and sort. The
 * local match runs on every keystroke; when the background ranker (`memories.search`, from
 * the retrieval issue) answers, its scores refine "best match" and add the memories it finds
 * that plain substring matching misses.
 */
import { computed, signal } from '@preact/signals';
import { send } from '../../../lib/protocol/panel-send';
import { memories } from './memories';
import { HayCache, type MemoryFilters, NO_FILTERS, runQuery, type SortKey } from './memory-query';
import { knownSpaces, spaceChoice } from './spaces';

export const query = signal('');
export const filters = signal<MemoryFilters>(NO_FILTERS);
/** null until the user picks a sort: then best match while searching, newest otherwise. */
const sortChoice = signal<SortKey | null>(null);
export const remoteScores = signal<ReadonlyMap<string, number> | undefined>(undefined);

export const effectiveSort = computed<SortKey>(() => sortChoice.value ?? (query.value.trim() ? 'relevance' : 'newest'));

export const filtersActive = computed(() => {
  const f = filters.value;
  return f.type !== 'any' || f.status !== 'current' || f.scope !== 'any' || f.pinnedOnly;
});

const cache = new HayCache();
const result = computed(() =>
  runQuery(
    memories.value,
    {
      query: query.value,
      filters: filters.value,
      sort: effectiveSort.value,
      remote: remoteScores.value,
      space: { choice: spaceChoice.value, known: knownSpaces.value },
    },
    cache,
  ),
);

export const visible = computed(() => result.value.items);

let remoteTimer: ReturnType<typeof setTimeout> | undefined;

async function askRanker(q: string): Promise<void> {
  try {
    const reply = await send('memories.search', { query: q, limit: 200 });
    if (query.value !== q) return;
    remoteScores.value = new Map(reply.results.map((r) => [r.memory.id, r.score]));
  } catch {
    // The local match already shows results; a ranker failure only loses the refinement.
  }
}

export function setQuery(q: string): void {
  query.value = q;
  remoteScores.value = undefined;
  clearTimeout(remoteTimer);
  if (q.trim()) remoteTimer = setTimeout(() => void askRanker(q), 150);
}

export function setFilters(patch: Partial<MemoryFilters>): void {
  filters.value = { ...filters.value, ...patch };
}

export function resetFilters(): void {
  filters.value = NO_FILTERS;
}

export function setSort(sort: SortKey): void {
  sortChoice.value = sort;
}

export const filtersOpen = signal(false);

export function toggleFilters(): void {
  filtersOpen.value = !filtersOpen.value;
}
