/**
 * Postings of a batch of turns, gathered in memory and written as one segment: one row per
 * bucket of terms, so indexing a batch costs at most BUCKETS writes however many terms it has.
 */
import { bucketOf, encodeBucket } from './buckets';
import { encodeFlat, encodePostings, type Posting } from './postings';

function sortedPostings(flat: readonly number[]): Posting[] {
  const out: Posting[] = [];
  for (let i = 0; i < flat.length; i += 3) out.push({ chat: flat[i]!, turn: flat[i + 1]!, tf: flat[i + 2]! });
  return out.sort((a, b) => a.chat - b.chat || a.turn - b.turn);
}

import { termCounts } from './terms';

/** A turn's fingerprint: whether an indexed turn is still the same text (FNV-1a, 32 bits). */
export function turnHash(role: string, text: string): number {
  let h = 0x811c9dc5;
  const s = `${role}\u0000${text}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class PostingBatch {
  /** Per term, flat `chat, turn, tf` triples: no object per posting (there are millions). */
  private readonly byTerm = new Map<string, number[]>();
  private lastKey = -1;
  private ordered = true;

  /** Adds one turn's terms. */
  addTurn(chat: number, turn: number, text: string): void {
    const key = chat * 1_048_576 + turn;
    if (key < this.lastKey) this.ordered = false;
    this.lastKey = key;
    for (const [term, tf] of termCounts(text)) {
      const list = this.byTerm.get(term);
      if (list) list.push(chat, turn, tf);
      else this.byTerm.set(term, [chat, turn, tf]);
    }
  }

  get size(): number {
    return this.byTerm.size;
  }

  /** One packed row per bucket of terms. */
  *rows(): Generator<{ bucket: number; data: Uint8Array }> {
    const buckets = new Map<number, [string, Uint8Array][]>();
    for (const [term, flat] of this.byTerm) {
      const b = bucketOf(term);
      const entries = buckets.get(b) ?? [];
      entries.push([term, this.ordered ? encodeFlat(flat) : encodePostings(sortedPostings(flat))]);
      buckets.set(b, entries);
    }
    for (const [bucket, entries] of buckets) yield { bucket, data: encodeBucket(entries) };
  }
}

/** The distinct terms of some texts: what a forgotten chat's postings must be purged from. */
export function termsOfTexts(texts: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const text of texts) for (const term of termCounts(text).keys()) all.add(term);
  return [...all];
}
