import type { ComponentChildren } from 'preact';
import type { MemoryRecord } from '../lib/memory/types';
import { VirtualList } from './virtual-list';

export interface MemoryListProps {
  memories: readonly MemoryRecord[];
  label: string;
  renderItem: (memory: MemoryRecord) => ComponentChildren;
}

const idOf = (m: MemoryRecord) => m.id;

/** Only the rows near the viewport are in the DOM, so 10,000 memories scroll like 10. */
export function MemoryList({ memories, label, renderItem }: MemoryListProps) {
  return (
    <VirtualList
      items={memories}
      label={label}
      keyOf={idOf}
      renderItem={(m) => renderItem(m)}
      className="memory-list"
      estimateSize={96}
      overscan={6}
    />
  );
}
