import type { MemoryRecord } from '../lib/memory/types';

export interface MemoryItemProps {
  memory: MemoryRecord;
}

/** One memory as text: content is rendered as a text node, never as HTML. */
export function MemoryItem({ memory }: MemoryItemProps) {
  return (
    <li class="memory" data-status={memory.status}>
      <p class="memory-content">{memory.content}</p>
      <p class="memory-meta">
        <span class="badge">{memory.type}</span>
        <span>importance {memory.importance}</span>
        <span>{memory.scope}</span>
        {memory.status !== 'active' && <span class="badge muted">{memory.status}</span>}
      </p>
    </li>
  );
}
