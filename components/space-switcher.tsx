import { t } from '../lib/i18n';
import type { Space } from '../lib/memory/spaces';

export interface SpaceSwitcherProps {
  /** The select's value: `all`, `everywhere`, `gone` or `s:<id>`. */
  value: string;
  spaces: readonly Pick<Space, 'id' | 'name' | 'archived'>[];
  /** Current memories per group: a space's id, `everywhere`, `gone`; `all` is their sum. */
  counts: ReadonlyMap<string, number>;
  total: number;
  onChange: (value: string) => void;
  manageOpen: boolean;
  onManage: () => void;
}

/**
 * Which space's memories the list shows, each with its count, and the way to manage spaces.
 * A select (not a row of tabs) stays one line at 320 px however many spaces there are.
 */
export function SpaceSwitcher(props: SpaceSwitcherProps) {
  const n = (key: string) => props.counts.get(key) ?? 0;
  const gone = n('gone');
  return (
    <div class="space-switcher">
      <label class="field inline">
        <span class="field-label">{t('space.switcher')}</span>
        <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          <option value="all">{t('space.all', { n: props.total })}</option>
          <option value="everywhere">{t('space.everywhereCount', { n: n('everywhere') })}</option>
          {props.spaces.map((s) => (
            <option key={s.id} value={`s:${s.id}`}>
              {t(s.archived ? 'space.optionArchived' : 'space.option', { name: s.name, n: n(s.id) })}
            </option>
          ))}
          {(gone > 0 || props.value === 'gone') && <option value="gone">{t('space.goneCount', { n: gone })}</option>}
        </select>
      </label>
      <button
        type="button"
        class="small"
        aria-expanded={props.manageOpen}
        aria-controls="space-manager"
        onClick={props.onManage}
      >
        {t('space.manage')}
      </button>
      {props.value === 'everywhere' && <p class="field-hint space-hint">{t('space.everywhereHint')}</p>}
    </div>
  );
}
