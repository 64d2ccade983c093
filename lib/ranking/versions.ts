/**
 * "Of two versions of the same fact only the newest is injected, even at lower importance"
 * (DESIGN.md §3). The extractor marks most old versions `superseded`; this catches the rest at
 * ranking time: two memories of the same type whose terms mostly coincide are one fact told
 * twice, and the older one gives its place in the list to the newer one.
 */
import type { IndexedMemory, RankedMemory } from './ranked';

/** Share of common terms (Jaccard) above which two memories are versions of one fact. */
const SAME_FACT = 0.7;
/** Past the limit, how far down to look for a newer version of a kept memory. */
const LOOK_AHEAD = 3;

function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const inB = new Set(b);
  let common = 0;
  for (const t of a) if (inB.has(t)) common++;
  return common / (a.length + b.length - common);
}

function newer(a: IndexedMemory, b: IndexedMemory): boolean {
  return (
    a.memory.createdAt > b.memory.createdAt || (a.memory.createdAt === b.memory.createdAt && a.memory.id > b.memory.id)
  );
}

interface Scored {
  row: IndexedMemory;
  item: RankedMemory;
}

/** Keeps rank order and `limit`; a newer version takes the place of an older one. */
export function newestVersions<T extends Scored>(sorted: readonly T[], limit: number): T[] {
  const kept: T[] = [];
  const scan = Math.min(sorted.length, limit * LOOK_AHEAD);
  for (let i = 0; i < scan; i++) {
    const c = sorted[i] as T;
    const twin = kept.findIndex(
      (k) => k.row.memory.type === c.row.memory.type && similarity(k.row.terms, c.row.terms) >= SAME_FACT,
    );
    if (twin >= 0) {
      if (newer(c.row, (kept[twin] as T).row)) kept[twin] = c;
    } else if (kept.length < limit) {
      kept.push(c);
    }
  }
  return kept;
}
