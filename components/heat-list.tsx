import type { ComponentChildren } from 'preact';
import type { MemoryRecord } from '../lib/memory/types';

export interface HeatListProps {
  id: string;
  title: string;
  empty: string;
  memories: readonly MemoryRecord[];
  /** The small grey note after each memory (how often, or how long ago). */
  note: (m: MemoryRecord) => ComponentChildren;
}

export function HeatList({ id, title, empty, memories, note }: HeatListProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {memories.length === 0 && <p class="muted">{empty}</p>}
      <ol>
        {memories.map((m) => (
          <li key={m.id}>
            {m.content} <span class="muted">· {note(m)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
