/**
 * What one extraction window's answer does, decided over what the store holds: the merge plan
 * (merge.ts) and the job's outcome after the window. Pure: the store reads inside the window's
 * transaction, calls the planner there and writes what it returns, so a memory edited or
 * deleted, a space removed or a chat excluded while the call was out is seen by the plan that
 * is written (lib/db/extraction.ts).
 */
import type { MemoryRecord, Origin } from '../memory/types';
import type { ExtractedMemory } from './extract-schema';
import { type MergeContext, type MergePlan, type MergeStats, planMerge } from './merge';
import type { ExtractionSpace } from './space-filing';

/** What the store read for the window, inside its transaction. */
export interface WindowRead {
  /** Every active and proposed memory. */
  active: readonly MemoryRecord[];
  origin: Origin;
  space: ExtractionSpace | null;
  spaceGone: boolean;
  now: string;
  /** The job's outcome so far: its earlier windows' running totals (JSON), if any. */
  outcomeSoFar: string | null;
}

export interface WindowPlan {
  merge: MergePlan;
  /** The job's outcome after this window: running totals (JSON), or the sentence after the last. */
  outcome: string;
}

export type WindowPlanner = (read: WindowRead) => WindowPlan;

/** What the answer itself brings to the merge (the rest is read at commit). */
export type AnswerContext = Omit<MergeContext, 'active' | 'origin' | 'space' | 'spaceGone' | 'now'> & {
  items: readonly ExtractedMemory[];
  lastWindow: boolean;
};

function describeStats(s: MergeStats): string {
  const parts = [
    `${s.added} added`,
    s.updated ? `${s.updated} updated` : '',
    s.superseded ? `${s.superseded} superseded` : '',
    s.unchanged ? `${s.unchanged} already known` : '',
    s.proposed ? `${s.proposed} waiting for review` : '',
    s.dropped ? `${s.dropped} dropped by the privacy filter` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function addStats(a: MergeStats, b: MergeStats): MergeStats {
  return {
    added: a.added + b.added,
    updated: a.updated + b.updated,
    superseded: a.superseded + b.superseded,
    unchanged: a.unchanged + b.unchanged,
    dropped: a.dropped + b.dropped,
    proposed: a.proposed + b.proposed,
  };
}

/** Running totals over a job's windows live in `outcome` as JSON until the job is done. */
function previousStats(outcome: string | null): MergeStats {
  try {
    const parsed = JSON.parse(outcome ?? '') as MergeStats;
    if (typeof parsed.added === 'number') return { ...parsed, proposed: parsed.proposed ?? 0 };
  } catch {}
  return { added: 0, updated: 0, superseded: 0, unchanged: 0, dropped: 0, proposed: 0 };
}

export function windowPlanner(answer: AnswerContext): WindowPlanner {
  const { items, lastWindow, ...context } = answer;
  return (read) => {
    const { outcomeSoFar, ...found } = read;
    const merge = planMerge(items, { ...context, ...found });
    const stats = addStats(previousStats(outcomeSoFar), merge.stats);
    return { merge, outcome: lastWindow ? describeStats(stats) : JSON.stringify(stats) };
  };
}
