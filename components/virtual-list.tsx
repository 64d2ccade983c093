import type { ComponentChildren } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { useListTop, useWindowVirtualizer } from './use-window-virtualizer';

export interface VirtualListProps<T> {
  items: readonly T[];
  label: string;
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ComponentChildren;
  /** The list's class (its rows' look). */
  className: string;
  /** A row's height before it is measured, in px. */
  estimateSize: number;
  /** Rows kept in the DOM beyond each edge of the viewport. */
  overscan: number;
  /** Called when the last rows come into view (to load the next page). */
  onNearEnd?: () => void;
}

/** A virtualised list: only rows near the viewport are in the DOM, so 10,000 rows scroll like 10. */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, label, keyOf, renderItem, className, estimateSize, overscan, onNearEnd } = props;
  const [listRef, margin] = useListTop();
  const v = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    overscan,
    scrollMargin: margin,
    getItemKey: (i) => (items[i] ? keyOf(items[i]) : String(i)),
  });
  const rows = v.getVirtualItems();
  const lastIndex = rows[rows.length - 1]?.index ?? -1;
  const nearEnd = lastIndex >= 0 && lastIndex >= items.length - 10;
  useLayoutEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd]);
  return (
    <ul ref={listRef} class={className} aria-label={label} style={{ height: `${v.getTotalSize()}px` }}>
      {rows.map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <li
            key={keyOf(item)}
            data-index={row.index}
            ref={v.measureElement}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            style={{ transform: `translateY(${row.start - v.options.scrollMargin}px)` }}
          >
            {renderItem(item, row.index)}
          </li>
        );
      })}
    </ul>
  );
}
