import type { ComponentChildren } from 'preact';
import type { MemoryRecord } from '../lib/memory/types';
import { useListTop, useWindowVirtualizer } from './use-window-virtualizer';

export interface MemoryListProps {
  memories: readonly MemoryRecord[];
  label: string;
  renderItem: (memory: MemoryRecord) => ComponentChildren;
}

/** Only the rows near the viewport are in the DOM, so 10,000 memories scroll like 10. */
export function MemoryList({ memories, label, renderItem }: MemoryListProps) {
  const [listRef, margin] = useListTop();
  const v = useWindowVirtualizer({
    count: memories.length,
    estimateSize: 96,
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (i) => memories[i]?.id ?? String(i),
  });
  return (
    <ul ref={listRef} class="memory-list" aria-label={label} style={{ height: `${v.getTotalSize()}px` }}>
      {v.getVirtualItems().map((row) => {
        const m = memories[row.index];
        if (!m) return null;
        return (
          <li
            key={m.id}
            data-index={row.index}
            ref={v.measureElement}
            aria-setsize={memories.length}
            aria-posinset={row.index + 1}
            style={{ transform: `translateY(${row.start - v.options.scrollMargin}px)` }}
          >
            {renderItem(m)}
          </li>
        );
      })}
    </ul>
  );
}
