import type { MemoryRecord } from '../lib/memory/types';
import { MemoryItem } from './memory-item';

export interface MemoryListProps {
  memories: readonly MemoryRecord[];
  loaded: boolean;
}

export function MemoryList({ memories, loaded }: MemoryListProps) {
  if (!loaded) return <p class="empty">Loading…</p>;
  if (memories.length === 0) {
    return <p class="empty">No memories yet. Chat on a supported site, or import a memory file below.</p>;
  }
  return (
    <ul class="memory-list" aria-label="Memories">
      {memories.map((m) => (
        <MemoryItem key={m.id} memory={m} />
      ))}
    </ul>
  );
}
