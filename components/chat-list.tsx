import type { ComponentChildren } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { useListTop, useWindowVirtualizer } from './use-window-virtualizer';

export interface ChatListProps<T> {
  items: readonly T[];
  label: string;
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ComponentChildren;
  /** Called when the last rows come into view (to load the next page). */
  onNearEnd?: () => void;
}

/** A virtualised list of chats: only rows near the viewport are in the DOM. */
export function ChatList<T>({ items, label, keyOf, renderItem, onNearEnd }: ChatListProps<T>) {
  const [listRef, margin] = useListTop();
  const v = useWindowVirtualizer({
    count: items.length,
    estimateSize: 84,
    overscan: 8,
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
    <ul ref={listRef} class="chat-list" aria-label={label} style={{ height: `${v.getTotalSize()}px` }}>
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
