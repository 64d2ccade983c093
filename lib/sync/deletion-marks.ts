/**
 * A record deleted here or applied as deleted keeps its synced row as a deletion marker: the
 * row's hash says "deleted at <clock>". A revision of the record from before that clock (a
 * server replaying an old document) is then refused, where an absent row would take it as new.
 * quickHash is base-36, so a marker never equals a record's hash.
 */
const MARK = '~';

export const deletionMark = (at: string): string => `${MARK}${at}`;

/** The deletion clock a synced hash records, or null when it is a record's hash. */
export const deletedAt = (h: string | undefined): string | null => (h?.startsWith(MARK) ? h.slice(MARK.length) : null);

/** A clock after `after`: now, or just after it when this device's clock is behind. */
export function laterThan(after: string, now: string): string {
  if (now > after) return now;
  const t = Date.parse(after);
  return Number.isNaN(t) ? now : new Date(t + 1).toISOString();
}
