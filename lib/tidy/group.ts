/**
 * Tidy-up's first step, local and without a model: groups of active memories that likely say
 * the same thing (paraphrases, and translations found through the model's keywords in the other
 * language) or contradict each other (the same single-valued topic, other numbers or a
 * negation). Each memory's terms are its English words, its Chinese character pairs and its
 * keywords; pairs of the same type that share rare terms are scored by IDF-weighted overlap,
 * and a contradiction found by lib/extraction/similarity.ts joins them too. Linear in the store
 * apart from the candidate pairs, which the rare-term rule keeps few.
 */
import { numbersOf, relation } from '../extraction/similarity';
import type { MemoryRecord } from '../memory/types';

/** Terms held by more than this share of memories propose no pair (they still count in the score). */
const COMMON_SHARE = 0.02;
/** Weighted overlap at or above which two memories are grouped. */
const GROUP_THRESHOLD = 0.5;
/** Below the threshold, a pair still joins when it contradicts and shares at least this much. */
const CONFLICT_FLOOR = 0.35;

const STOP = new Set(
  'user the a an and or of in to at on for with is are was has have his her their my me i is be as by it its this that from about who whom which uses use'.split(
    ' ',
  ),
);

function termsOf(m: Pick<MemoryRecord, 'content' | 'keywords'>): Set<string> {
  const out = new Set<string>();
  const add = (text: string) => {
    const norm = text.normalize('NFKC').toLowerCase();
    const words = (norm.match(/[a-z0-9#]+/g) ?? []).filter((w) => !STOP.has(w) && w.length > 1);
    for (const [i, word] of words.entries()) {
      out.add(word);
      // A pair of words ("amber falcon") is rarer than either: it finds names made of common words.
      if (i > 0) out.add(`${words[i - 1]} ${word}`);
    }
    for (const run of norm.match(/\p{Script=Han}+/gu) ?? []) {
      const chars = [...run];
      if (chars.length === 1) out.add(run);
      for (let i = 0; i < chars.length - 1; i++) out.add(chars[i]! + chars[i + 1]!);
    }
  };
  add(m.content);
  for (const k of m.keywords ?? []) add(k);
  return out;
}

export interface TidyGroup {
  ids: string[];
  /** Why they were grouped: near-duplicates, a contradiction, or both. */
  kind: 'duplicates' | 'contradiction' | 'mixed';
}

class UnionFind {
  private readonly parent = new Map<string, string>();
  find(x: string): string {
    let root = x;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(x, root);
    return root;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

/** Groups of two or more active memories worth a look, largest first. */
export function groupSimilar(memories: readonly MemoryRecord[], threshold = GROUP_THRESHOLD): TidyGroup[] {
  const rows = memories.filter((m) => m.status === 'active');
  const terms = rows.map(termsOf);
  const df = new Map<string, number>();
  for (const set of terms) for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
  const limit = Math.max(3, Math.floor(rows.length * COMMON_SHARE));
  const idf = (t: string) => Math.log(1 + rows.length / (df.get(t) ?? 1));
  const weight = terms.map((set) => [...set].reduce((sum, t) => sum + idf(t), 0));
  const postings = new Map<string, number[]>();
  terms.forEach((set, i) => {
    for (const t of set) if ((df.get(t) ?? 0) <= limit) postings.set(t, [...(postings.get(t) ?? []), i]);
  });
  const uf = new UnionFind();
  const kinds = new Map<string, Set<'duplicates' | 'contradiction'>>();
  const mark = (a: MemoryRecord, b: MemoryRecord, kind: 'duplicates' | 'contradiction') => {
    uf.union(a.id, b.id);
    const key = [a.id, b.id].sort().join('|');
    kinds.set(key, new Set([...(kinds.get(key) ?? []), kind]));
  };
  const numbers = rows.map((m) => numbersOf(m.content));
  const dice = (i: number, j: number) => {
    let overlap = 0;
    for (const t of terms[i]!) if (terms[j]!.has(t)) overlap += idf(t);
    return (2 * overlap) / (weight[i]! + weight[j]!);
  };
  for (let i = 0; i < rows.length; i++) {
    const candidates = new Set<number>();
    for (const t of terms[i]!) for (const j of postings.get(t) ?? []) if (j > i) candidates.add(j);
    const a = rows[i]!;
    for (const j of candidates) {
      const b = rows[j]!;
      if (a.type !== b.type) continue;
      const score = dice(i, j);
      if (score < CONFLICT_FLOOR) continue;
      // Texts naming different numbers (ticket #1204 and #3310, ages, amounts) are about
      // different things unless they read as one fact with a new value.
      const otherNumbers =
        numbers[i]!.length > 0 && numbers[j]!.length > 0 && !numbers[i]!.some((n) => numbers[j]!.includes(n));
      if (score >= threshold && !otherNumbers) mark(a, b, 'duplicates');
      else if (score >= (otherNumbers ? threshold : CONFLICT_FLOOR) && relation(a.content, b.content) === 'conflict')
        mark(a, b, 'contradiction');
    }
  }
  const groups = new Map<string, string[]>();
  for (const m of rows) {
    const root = uf.find(m.id);
    groups.set(root, [...(groups.get(root) ?? []), m.id]);
  }
  const out: TidyGroup[] = [];
  for (const ids of groups.values()) {
    if (ids.length < 2) continue;
    const inGroup = new Set(ids);
    const seen = new Set<string>();
    for (const [key, k] of kinds) {
      const [x, y] = key.split('|') as [string, string];
      if (inGroup.has(x) && inGroup.has(y)) for (const kind of k) seen.add(kind);
    }
    out.push({ ids, kind: seen.size > 1 ? 'mixed' : seen.has('contradiction') ? 'contradiction' : 'duplicates' });
  }
  return out.sort((a, b) => b.ids.length - a.ids.length);
}
