/**
 * Postings of a batch of turns, gathered in memory and written as one segment: one row per
 * bucket of terms, so indexing a batch costs at most BUCKETS writes however many terms it has.
 */
import { bucketOf, encodeBucket } from './buckets';
import { encodeFlat, encodePostings, type Posting } from './postings';
import { cjkTerm, forEachTerm, termCounts } from './terms';

function sortedPostings(flat: readonly number[]): Posting[] {
  const out: Posting[] = [];
  for (let i = 0; i < flat.length; i += 3) out.push({ chat: flat[i]!, turn: flat[i + 1]!, tf: flat[i + 2]! });
  return out.sort((a, b) => a.chat - b.chat || a.turn - b.turn);
}

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

/** Counts one occurrence of a term in the current turn: a new posting, or one more of the last. */
function bump<K>(map: Map<K, number[]>, key: K, chat: number, turn: number): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [chat, turn, 1]);
    return;
  }
  const n = list.length;
  if (list[n - 2] === turn && list[n - 3] === chat) list[n - 1]!++;
  else list.push(chat, turn, 1);
}

/** A bucket's terms of one batch, packed (lib/history/buckets.ts). */
export interface BucketRow {
  bucket: number;
  data: Uint8Array;
}

export class PostingBatch {
  /**
   * Per term, flat `chat, turn, tf` triples: no object per posting (there are millions), and no
   * map per turn (a turn's terms go straight in: the last triple is the current turn's).
   * CJK terms are kept by number (lib/history/terms.ts cjkTerm), words by their string.
   */
  private readonly words = new Map<string, number[]>();
  private readonly cjk = new Map<number, number[]>();
  private lastKey = -1;
  private ordered = true;
  private chat = 0;
  private turn = 0;
  private readonly onWord = (term: string) => bump(this.words, term, this.chat, this.turn);
  private readonly onCjk = (key: number) => bump(this.cjk, key, this.chat, this.turn);

  /** Adds one turn's terms. */
  addTurn(chat: number, turn: number, text: string): void {
    const key = chat * 1_048_576 + turn;
    // The same turn twice would merge into one posting; out of order needs a sort at the end.
    if (key <= this.lastKey) this.ordered = false;
    this.lastKey = key;
    this.chat = chat;
    this.turn = turn;
    forEachTerm(text, this.onWord, this.onCjk);
  }

  get size(): number {
    return this.words.size + this.cjk.size;
  }

  private *terms(): Generator<[string, number[]]> {
    yield* this.words;
    for (const [key, flat] of this.cjk) yield [cjkTerm(key), flat];
  }

  /** One packed row per bucket of terms. */
  *rows(): Generator<BucketRow> {
    const buckets = new Map<number, [string, Uint8Array][]>();
    for (const [term, flat] of this.terms()) {
      const b = bucketOf(term);
      const entries = buckets.get(b);
      const packed: [string, Uint8Array] = [
        term,
        this.ordered ? encodeFlat(flat) : encodePostings(sortedPostings(flat)),
      ];
      if (entries) entries.push(packed);
      else buckets.set(b, [packed]);
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
