/**
 * What a tidy-up run will ask: the local groups (lib/tidy/group.ts, no model) with their
 * memories, in call-sized batches, and the calls and tokens that costs. The estimate shown
 * before the run and the run itself both come from here, so what the user confirmed is what
 * is sent.
 */
import type { MemoryRecord } from '../memory/types';
import { groupSimilar, type TidyGroup } from './group';
import { estimateTidy, type TidyBatchGroup, type TokenEstimate, tidyBatches } from './prompt';

export interface TidyPlanGroup extends TidyBatchGroup {
  kind: TidyGroup['kind'];
  members: MemoryRecord[];
}

export interface TidyPlan extends TokenEstimate {
  groups: number;
  memories: number;
  calls: number;
  batches: TidyPlanGroup[][];
  /** Groups too large to judge in one call: left out of this run. */
  tooLarge: number;
}

export function planTidy(memories: readonly MemoryRecord[]): TidyPlan {
  const byId = new Map(memories.map((m) => [m.id, m]));
  const groups: TidyPlanGroup[] = groupSimilar(memories).map((g) => ({
    kind: g.kind,
    members: g.ids.map((id) => byId.get(id)).filter((m): m is MemoryRecord => !!m),
  }));
  const { batches, tooLarge } = tidyBatches(groups);
  const asked = batches.flat();
  return {
    ...estimateTidy(batches),
    groups: asked.length,
    memories: asked.reduce((n, g) => n + g.members.length, 0),
    batches,
    tooLarge: tooLarge.length,
  };
}
