/**
 * Turn lists for one query: for each term, the turns holding it as sorted typed arrays (a turn
 * key is chat × 2^20 + turn), then the query's units and their intersection by walking sorted
 * arrays. A common term holds tens of thousands of turns: a Map per term (what this replaced)
 * cost an allocation and a hash per posting on every search; arrays are decoded once and kept
 * (history-search.ts caches them within a byte budget until the index changes).
 */
import { fillPostings } from './postings';
import type { QueryUnit } from './query';
import { idf, saturate } from './score';

const TURN_BITS = 1_048_576;
export const chatOfKey = (key: number) => Math.floor(key / TURN_BITS);
export const turnOfKey = (key: number) => key % TURN_BITS;

/** The turns holding one term, sorted by key, with the term's count in each. */
export interface TermList {
  keys: Float64Array;
  tfs: Float64Array;
}

/** Scored turns, sorted by key. */
export interface Scored {
  keys: Float64Array;
  scores: Float64Array;
}

const EMPTY: TermList = { keys: new Float64Array(0), tfs: new Float64Array(0) };

/** Decodes a term's packed lists (one per segment); a turn in two lists gets their counts summed. */
export function decodeTerm(lists: readonly Uint8Array[]): TermList {
  if (lists.length === 0) return EMPTY;
  // A turn takes at least a byte: the lists' length is room enough; the arrays are cut to size.
  const room = lists.reduce((n, bytes) => n + bytes.length, 0);
  const allKeys = new Float64Array(room);
  const allTfs = new Float64Array(room);
  let n = 0;
  for (const bytes of lists) n = fillPostings(bytes, TURN_BITS, allKeys, allTfs, n);
  const keys = allKeys.slice(0, n);
  const tfs = allTfs.slice(0, n);
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = keys[i]! > keys[i - 1]!;
  if (sorted) return { keys, tfs };
  const order = Array.from(keys, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
  const outKeys: number[] = [];
  const outTfs: number[] = [];
  for (const i of order) {
    const last = outKeys.length - 1;
    if (last >= 0 && outKeys[last] === keys[i]) outTfs[last]! += tfs[i]!;
    else {
      outKeys.push(keys[i]!);
      outTfs.push(tfs[i]!);
    }
  }
  return { keys: Float64Array.from(outKeys), tfs: Float64Array.from(outTfs) };
}

export const listBytes = (l: TermList) => l.keys.byteLength + l.tfs.byteLength;

/** The larger score per turn of two scored lists (their union). */
function unionMax(a: Scored, b: Scored): Scored {
  const keys = new Float64Array(a.keys.length + b.keys.length);
  const scores = new Float64Array(keys.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.keys.length || j < b.keys.length) {
    const ka = i < a.keys.length ? a.keys[i]! : Number.POSITIVE_INFINITY;
    const kb = j < b.keys.length ? b.keys[j]! : Number.POSITIVE_INFINITY;
    if (ka === kb) {
      keys[n] = ka;
      scores[n++] = Math.max(a.scores[i++]!, b.scores[j++]!);
    } else if (ka < kb) {
      keys[n] = ka;
      scores[n++] = a.scores[i++]!;
    } else {
      keys[n] = kb;
      scores[n++] = b.scores[j++]!;
    }
  }
  return { keys: keys.subarray(0, n), scores: scores.subarray(0, n) };
}

/** Where `key` is in `keys` at or after `from`, or -1 (galloping: lists differ a lot in length). */
function seek(keys: Float64Array, key: number, from: number): [found: boolean, at: number] {
  let step = 1;
  let lo = from;
  let hi = from;
  while (hi < keys.length && keys[hi]! < key) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, keys.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return [lo < keys.length && keys[lo] === key, lo];
}

/**
 * Score of each turn that satisfies one unit: `any` (stems of one word) the best term's
 * idf × saturated count; `all` (pairs of a CJK word) the mean over its terms, every one present.
 */
export function unitScores(unit: QueryUnit, lists: ReadonlyMap<string, TermList>, total: number): Scored {
  const terms = unit.terms.map((t) => lists.get(t) ?? EMPTY);
  const scored = (l: TermList): Scored => {
    const w = idf(total, l.keys.length);
    return { keys: l.keys, scores: l.tfs.map((tf) => w * saturate(tf)) };
  };
  if (unit.mode === 'any')
    return terms.map(scored).reduce(unionMax, { keys: new Float64Array(0), scores: new Float64Array(0) });
  if (terms.length === 0) return { keys: new Float64Array(0), scores: new Float64Array(0) };
  const weights = terms.map((l) => idf(total, l.keys.length));
  const smallest = terms.reduce((a, b) => (b.keys.length < a.keys.length ? b : a));
  const at = terms.map(() => 0);
  const keys: number[] = [];
  const scores: number[] = [];
  outer: for (const key of smallest.keys) {
    let s = 0;
    for (const [i, l] of terms.entries()) {
      const [found, pos] = seek(l.keys, key, at[i]!);
      at[i] = pos;
      if (!found) continue outer;
      s += weights[i]! * saturate(l.tfs[pos]!);
    }
    keys.push(key);
    scores.push(s / terms.length);
  }
  return { keys: Float64Array.from(keys), scores: Float64Array.from(scores) };
}

/** Turns that satisfy every unit, with the sum of the units' scores (smallest unit first). */
export function matchUnits(units: readonly Scored[]): Scored {
  const bySize = [...units].sort((a, b) => a.keys.length - b.keys.length);
  const [first, ...rest] = bySize;
  if (!first) return { keys: new Float64Array(0), scores: new Float64Array(0) };
  const at = rest.map(() => 0);
  const keys: number[] = [];
  const scores: number[] = [];
  outer: for (let k = 0; k < first.keys.length; k++) {
    const key = first.keys[k]!;
    let sum = first.scores[k]!;
    for (const [i, u] of rest.entries()) {
      const [found, pos] = seek(u.keys, key, at[i]!);
      at[i] = pos;
      if (!found) continue outer;
      sum += u.scores[pos]!;
    }
    keys.push(key);
    scores.push(sum);
  }
  return { keys: Float64Array.from(keys), scores: Float64Array.from(scores) };
}
