/**
 * The memories that are the user's memory now: in use (`active`) or waiting for review
 * (`proposed`). Older versions (`superseded`), archived and expired ones are history: kept,
 * shown in a memory's Details and under the Memories view's status filter, not listed or
 * counted by default.
 */
import type { MemoryRecord } from './types';

export function isCurrent(m: Pick<MemoryRecord, 'status'>): boolean {
  return m.status === 'active' || m.status === 'proposed';
}
