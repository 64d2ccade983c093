import { t } from '../lib/i18n';
import { SelectField } from './select-field';

export type SearchSort = 'relevance' | 'newest' | 'hits' | 'importance';

export interface SearchBarProps {
  query: string;
  sort: SearchSort;
  onQuery: (q: string) => void;
  onSort: (s: SearchSort) => void;
}

/** Search as you type, in any language, and the sort order. */
export function SearchBar({ query, sort, onQuery, onSort }: SearchBarProps) {
  const sorts: SearchSort[] = ['relevance', 'newest', 'hits', 'importance'];
  return (
    <search class="search-bar">
      <label class="field search-field">
        <span class="field-label">{t('search.label')}</span>
        <input
          type="search"
          value={query}
          placeholder={t('search.placeholder')}
          onInput={(e) => onQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onQuery('');
          }}
        />
      </label>
      <SelectField
        class="sort-field"
        label={t('search.sort')}
        value={sort}
        options={sorts.map((value) => ({ value, label: t(`sort.${value}`) }))}
        onChange={onSort}
      />
    </search>
  );
}
