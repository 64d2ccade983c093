/**
 * What one extraction window's answer does, decided over what the store read for it: the merge
 * plan (merge.ts) and the job's outcome after the window. Pure. The store (lib/db/extraction.ts)
 * reads, this decides, and the store applies the plan in one transaction after checking that
 * what the plan rests on is still as it was read; if not, the window is read and planned again
 * (lib/queue/commit-window.ts).
 */
import type { MemoryRecord, Origin } from '../memory/types';
import type { ExtractedMemory } from './extract-schema';
import { type MergeContext, type MergePlan, type MergeStats, planMerge } from './merge';
import type { ExtractionSpace } from './space-filing';

/** What the store read for the window, in one read transaction. */
export interface WindowRead {
  /** Every active and proposed memory. */
  active: readonly MemoryRecord[];
  /** Where the model's text came from, judged on the turns it read (lib/db/sends.ts). */
  origin: Origin;
  /** The answer's space as it is now; `spaceGone`: it was deleted since the call. */
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

/** What the answer itself brings to the merge (the rest is read from the store). */
export type AnswerContext = Omit<MergeContext, 'active' | 'origin' | 'space' | 'spaceGone' | 'now'> & {
  items: readonly ExtractedMemory[];
  lastWindow: boolean;
};

const NO_STATS: MergeStats = { added: 0, updated: 0, superseded: 0, unchanged: 0, dropped: 0, proposed: 0 };

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
  const sum = { ...NO_STATS };
  for (const key of Object.keys(sum) as (keyof MergeStats)[]) sum[key] = a[key] + b[key];
  return sum;
}

/** Running totals over a job's windows live in `outcome` as JSON until the job is done. */
function previousStats(outcome: string | null): MergeStats {
  try {
    const parsed = JSON.parse(outcome ?? '') as MergeStats;
    if (typeof parsed.added === 'number') return { ...parsed, proposed: parsed.proposed ?? 0 };
  } catch {}
  return NO_STATS;
}

export function planWindow(answer: AnswerContext, read: WindowRead): WindowPlan {
  const { items, lastWindow, ...context } = answer;
  const { outcomeSoFar, ...found } = read;
  const merge = planMerge(items, { ...context, ...found });
  const stats = addStats(previousStats(outcomeSoFar), merge.stats);
  return { merge, outcome: lastWindow ? describeStats(stats) : JSON.stringify(stats) };
}
