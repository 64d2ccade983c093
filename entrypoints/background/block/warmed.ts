/**
 * Blocks chosen while the user types, one per tab, kept in the worker's memory until the
 * message is sent: typing ahead warms the index and the choice, and hands nothing to the page.
 * Only a head start: lost with the worker, the send composes the block again. A block goes
 * stale with what it was built from (stale.ts drops it here too).
 */
import type { Selection } from '../../../lib/ranking/select';
import { nowMs } from '../../../lib/time';

const WARM_TTL_MS = 60_000;
/**
 * `basis`: what the choice depended on besides the draft and the store (session.ts warmBasis):
 * which spaces' memories the block could hold, and the request keywords it was ranked with.
 */
const warmed = new Map<number, { draft: string; basis: string; selection: Selection; at: number }>();

export function keepWarmed(tabId: number, draft: string, basis: string, selection: Selection): void {
  warmed.set(tabId, { draft, basis, selection, at: nowMs() });
}

/**
 * The block chosen for exactly this draft in this tab, on the same basis (a block chosen before
 * the chat's space changed, or before the draft's keywords arrived, is not used after), while
 * fresh; taken once.
 */
export function takeWarmed(tabId: number, draft: string, basis: string): Selection | null {
  const warm = warmed.get(tabId);
  warmed.delete(tabId);
  return warm && warm.draft === draft && warm.basis === basis && nowMs() - warm.at < WARM_TTL_MS
    ? warm.selection
    : null;
}

/** What a block is built from changed: forget the chosen ones (of one tab, or all). */
export function dropWarmed(tabId?: number): void {
  if (tabId === undefined) warmed.clear();
  else warmed.delete(tabId);
}
