/**
 * When to suggest tidy-up: once the store holds a few hundred more active memories than at
 * the last tidy-up (or than when the user said "not now"). The count at that moment is kept
 * in the extension's private database, which no content script can write (a page must not be
 * able to silence or trigger the suggestion).
 */
import { readTrusted, writeTrusted } from './trusted';

export const SUGGEST_AFTER = 300;
const LAST_COUNT = 'tidy.lastCount';

export async function lastTidyCount(): Promise<number> {
  const value = await readTrusted(LAST_COUNT);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

export async function rememberTidyCount(active: number): Promise<void> {
  await writeTrusted(LAST_COUNT, active);
}

export function shouldSuggest(active: number, last: number): boolean {
  return active - last >= SUGGEST_AFTER;
}
