import type { Memory } from '../memory/types';

/** Oldest first, ties by id: the stable order of exports and lists. */
export function byCreation(a: Memory, b: Memory): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}
