import { useRef } from 'preact/hooks';

export interface TabNavProps<V extends string> {
  label: string;
  tabs: readonly { id: V; label: string; badge?: number; views?: readonly string[] }[];
  current: V;
  onSelect: (id: V) => void;
  /** A second row inside a group's tab is drawn lighter. */
  sub?: boolean;
}

/**
 * The views as a tab list: Tab enters on the current one, arrow keys (and Home/End) move
 * between views, as the ARIA tabs pattern expects.
 */
export function TabNav<V extends string>({ label, tabs, current, onSelect, sub }: TabNavProps<V>) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((x) => x.id === current);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: tabs.length - 1 - i }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    ref.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div class={sub ? 'tab-nav sub-nav' : 'tab-nav'} role="tablist" aria-label={label} ref={ref} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`tab-${tab.id}`}
          data-tab={tab.id}
          data-views={tab.views?.join(' ')}
          aria-selected={tab.id === current}
          aria-controls={`view-${tab.id}`}
          tabIndex={tab.id === current ? 0 : -1}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
          {tab.badge ? <span class="tab-badge">{tab.badge}</span> : null}
        </button>
      ))}
    </div>
  );
}
