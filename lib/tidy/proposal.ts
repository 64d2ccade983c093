/**
 * A stored tidy-up proposal: one group the model judged, what it would do, and the group's
 * memories as they were when it was made. It lives in its own table, never among the memories:
 * it is not a memory, it changes several at once, and until the user accepts it nothing of it
 * may be injected, exported or used to supersede anything.
 */

import type { MemoryRecord } from '../memory/types';
import { sameMemory } from '../memory/undo-compare';
import type { TidyDraft } from './answer';

export const TIDY_STATES = ['open', 'accepted', 'rejected'] as const;
export type TidyState = (typeof TIDY_STATES)[number];

export interface TidyProposalRow extends TidyDraft {
  id: string;
  /** The run that made it; a new run replaces the open proposals of earlier ones. */
  runId: string;
  at: string;
  /** Its place in the list (the run's group order). */
  order: number;
  state: TidyState;
  /** Once accepted: the undo record of exactly what it changed. */
  undoId?: string;
  decidedAt?: string;
}

/**
 * True when any memory of the group is no longer as the proposal saw it (edited, deleted,
 * changed by another proposal): then the proposal cannot be accepted as it is. Hits and
 * feedback move on their own and do not count (undo-compare.ts).
 */
export function isStale(
  row: Pick<TidyProposalRow, 'before'>,
  current: readonly (MemoryRecord | undefined | null)[],
): boolean {
  return row.before.some((b, i) => !sameMemory(current[i] ?? null, b));
}

/** Whether accepting changes a memory the user pinned or wrote or edited by hand. */
export function touchesProtected(row: Pick<TidyProposalRow, 'before' | 'keepId' | 'affectedIds' | 'action'>): boolean {
  const touched = new Set([...row.affectedIds, ...(row.action === 'merge' && row.keepId ? [row.keepId] : [])]);
  return row.before.some((m) => touched.has(m.id) && (m.pinned || m.origin?.kind === 'hand'));
}
