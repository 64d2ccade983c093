/** The live mirror of the memories table: every view reads it, the background writes it. */
import { computed, signal } from '@preact/signals';
import { watchAllMemories } from '../../../lib/db/live';
import { isCurrent } from '../../../lib/memory/current';
import type { MemoryRecord } from '../../../lib/memory/types';
import { pruneSelection } from './selection';

export const memories = signal<readonly MemoryRecord[]>([]);
export const loaded = signal(false);

/** How many memories are current (active or waiting for review): what the panel counts. */
export const currentCount = computed(() => {
  let n = 0;
  for (const m of memories.value) if (isCurrent(m)) n++;
  return n;
});

export const byId = computed(() => new Map(memories.value.map((m) => [m.id, m])));

/** For each memory, the older ones it replaced (their `supersededBy` points at it). */
export const replacedOf = computed(() => {
  const out = new Map<string, MemoryRecord[]>();
  for (const m of memories.value) {
    if (!m.supersededBy) continue;
    const list = out.get(m.supersededBy) ?? [];
    list.push(m);
    out.set(m.supersededBy, list);
  }
  return out;
});

export function setMemories(rows: readonly MemoryRecord[]): void {
  memories.value = rows;
  loaded.value = true;
  pruneSelection(new Set(rows.map((m) => m.id)));
}

export function startMemoryModel(): () => void {
  return watchAllMemories(setMemories);
}
