/** Search box, sort, the filters toggle and how many memories are shown. */
import { FilterBar } from '../../../components/filter-bar';
import { SearchBar } from '../../../components/search-bar';
import { t } from '../../../lib/i18n';
import { currentCount, memories } from '../models/memories';
import {
  effectiveSort,
  filters,
  filtersActive,
  filtersOpen,
  query,
  resetFilters,
  setFilters,
  setQuery,
  setSort,
  toggleFilters,
  visible,
} from '../models/memory-view';
import { groupCounts, spaceChoice } from '../models/spaces';

export function MemoriesFinder() {
  const shown = visible.value.length;
  // Out of the current memories by default; out of every record once the status filter asks for history.
  // In one space, out of that space's current memories (the switcher's count).
  const c = spaceChoice.value;
  const inSpace = c === 'all' ? currentCount.value : (groupCounts.value.get(typeof c === 'string' ? c : c.space) ?? 0);
  const total = filters.value.status === 'current' ? inSpace : memories.value.length;
  return (
    <>
      <SearchBar query={query.value} sort={effectiveSort.value} onQuery={setQuery} onSort={setSort} />
      <div class="finder-row">
        <button type="button" class="small" aria-expanded={filtersOpen.value} onClick={toggleFilters}>
          {filtersActive.value ? t('filter.toggleActive') : t('filter.toggle')}
        </button>
        <p class="result-count" role="status">
          {shown === total ? t('mem.count', { n: total }) : t('mem.countOf', { n: shown, total })}
        </p>
      </div>
      {filtersOpen.value && (
        <FilterBar filters={filters.value} active={filtersActive.value} onChange={setFilters} onReset={resetFilters} />
      )}
    </>
  );
}
