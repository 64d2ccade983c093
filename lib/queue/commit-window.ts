/**
 * Commits one extraction window: the store reads what the plan needs, the pure planner
 * (lib/extraction/window-plan.ts) decides, the store applies it in one transaction. A plan
 * overtaken by a write in between (a hand edit, a delete, another memory) is decided again over
 * a fresh read; the gap is a few milliseconds, so a second try is already rare.
 */
import { applyWindow, readWindow, STALE, type WindowAnswer } from '../db/extraction';
import type { MergePlan } from '../extraction/merge';
import { planWindow } from '../extraction/window-plan';

const MAX_TRIES = 8;

/** Every try's plan was overtaken by another write: the answer is kept aside and tried again. */
export class PlanOvertakenError extends Error {
  override name = 'PlanOvertakenError';
}

export async function commitWindow(
  answer: WindowAnswer,
  learningOff?: (chatId: string) => Promise<boolean>,
): Promise<MergePlan | null> {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const read = await readWindow(answer);
    if (!read) return null;
    const applied = await applyWindow(answer, read, planWindow(answer, read), learningOff);
    if (applied !== STALE) return applied;
  }
  throw new PlanOvertakenError(
    'The memories kept changing while this answer was stored; it is stored on the next try.',
  );
}
