/**
 * Commits one extraction window: the store (lib/db/extraction.ts) reads and writes in one
 * transaction, the merge is decided by the pure planner of lib/extraction/window-plan.ts.
 */
import { applyWindow, type WindowAnswer } from '../db/extraction';
import type { MergePlan } from '../extraction/merge';
import { windowPlanner } from '../extraction/window-plan';

export function commitWindow(
  answer: WindowAnswer,
  learningOff?: (chatId: string) => Promise<boolean>,
): Promise<MergePlan | null> {
  return applyWindow(answer, windowPlanner(answer), learningOff);
}
