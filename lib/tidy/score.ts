/**
 * How alike two memories of one store are, from 0 to 1, weighing each term by its rarity in the
 * store (IDF): sharing a rare name says much, sharing a template's words ("likes", "works on",
 * "喜欢") almost nothing. Two views, averaged:
 * - the terms of both memories' keywords (the model's main terms, in both languages), weighed
 *   by whether both memories hold them: this is what meets a translation, whose texts share
 *   no word;
 * - each keyword as one unit, covered or not by the other memory, in the direction that covers
 *   more: a model leaves a keyword out now and then, so the fuller memory is read against the
 *   other, not the other way round. A look-alike about another entity misses units both ways.
 * Memories without keywords (hand-written, older ones) are compared by their text's terms
 * (IDF-weighted Dice).
 */
import type { MemoryTerms } from './terms';

/** A memory's terms with their weights in this store, computed once. */
export interface Weighed extends MemoryTerms {
  /** Weight of each of `keywordTerms`, in its order. */
  keywordWeights: number[];
  /** Weight of each keyword: its rarest term's. */
  unitWeights: number[];
  /** Sum of the weights of `all`. */
  allWeight: number;
}

export interface Store {
  readonly memories: readonly Weighed[];
  /** How many memories hold each term. */
  readonly df: ReadonlyMap<string, number>;
  idf(term: string): number;
}

export function storeOf(terms: readonly MemoryTerms[]): Store {
  const df = new Map<string, number>();
  for (const t of terms) for (const term of t.all) df.set(term, (df.get(term) ?? 0) + 1);
  const n = Math.max(2, terms.length);
  // log(n/df): a term every memory holds weighs nothing; one memory's own term weighs log n.
  const idf = (term: string) => Math.log(n / (df.get(term) ?? 1));
  const memories = terms.map((t) => {
    let allWeight = 0;
    for (const term of t.all) allWeight += idf(term);
    const unitWeights = t.keywords.map((unit) => Math.max(...unit.map(idf)));
    return { ...t, keywordWeights: [...t.keywordTerms].map(idf), unitWeights, allWeight };
  });
  return { memories, df, idf };
}

function termOverlap(a: Weighed, b: Weighed): number {
  let shared = 0;
  let total = 0;
  let k = 0;
  for (const t of a.keywordTerms) {
    const w = a.keywordWeights[k++]!;
    total += w;
    if (b.all.has(t)) shared += w;
  }
  k = 0;
  for (const t of b.keywordTerms) {
    const w = b.keywordWeights[k++]!;
    if (a.keywordTerms.has(t)) continue;
    total += w;
    if (a.all.has(t)) shared += w;
  }
  return total > 0 ? shared / total : 0;
}

/** The share of `a`'s keywords (weighed by their rarest term) that `b` holds whole. */
function coverage(a: Weighed, b: Weighed): number {
  let covered = 0;
  let total = 0;
  a.keywords.forEach((unit, u) => {
    let held = 0;
    for (const t of unit) if (b.all.has(t)) held++;
    total += a.unitWeights[u]!;
    if (held === unit.length) covered += a.unitWeights[u]!;
  });
  return total > 0 ? covered / total : 0;
}

function textDice(store: Store, a: Weighed, b: Weighed): number {
  let shared = 0;
  for (const t of a.all) if (b.all.has(t)) shared += 2 * store.idf(t);
  const total = a.allWeight + b.allWeight;
  return total > 0 ? shared / total : 0;
}

export function likeness(store: Store, a: Weighed, b: Weighed): number {
  if (a.keywords.length === 0 && b.keywords.length === 0) return textDice(store, a, b);
  return (termOverlap(a, b) + Math.max(coverage(a, b), coverage(b, a))) / 2;
}
