/**
 * Postings of a batch of turns, gathered in memory and written as one segment: one row per
 * bucket of terms, so indexing a batch costs at most BUCKETS writes however many terms it has.
 */
import { bucketOf, encodeBucket } from './buckets';
import { encodeFlatTo, encodePostings, type Posting, PostingWriter } from './postings';
import { cjkTerm, forEachTerm, termCounts } from './terms';

/** Postings sorted by chat and turn; a turn added twice counts as one. */
function sortedPostings(flat: ArrayLike<number>): Posting[] {
  const all: Posting[] = [];
  for (let i = 0; i < flat.length; i += 3) all.push({ chat: flat[i]!, turn: flat[i + 1]!, tf: flat[i + 2]! });
  all.sort((a, b) => a.chat - b.chat || a.turn - b.turn);
  const out: Posting[] = [];
  for (const p of all) {
    const prev = out[out.length - 1];
    if (prev && prev.chat === p.chat && prev.turn === p.turn) prev.tf += p.tf;
    else out.push(p);
  }
  return out;
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

/** Code points: a CJK key below this is one character (lib/history/terms.ts cjkTerm). */
const CODE_POINTS = 0x110000;

/** A bucket's terms of one batch, packed (lib/history/buckets.ts). */
export interface BucketRow {
  bucket: number;
  data: Uint8Array;
}

function grown(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  let size = a.length * 2;
  while (size < need) size *= 2;
  const next = new Int32Array(size);
  next.set(a);
  return next;
}

/**
 * Slot of a CJK key in the open-addressed table: its low and high 32 bits mixed (murmur3's
 * finalizer). `| 0` takes the low bits without a floating-point remainder, which was slow.
 */
function slotHash(key: number, mask: number): number {
  let h = (key | 0) ^ Math.imul((key / 0x100000000) | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) & mask;
}

export class PostingBatch {
  /**
   * Every term has a number, and every posting is `term, tf` in one pool of integers, after
   * the `chat, turn, first posting` of its turn: no array per term and no object per posting (a
   * Chinese batch has a million distinct character pairs and millions of postings; an array per
   * term keyed by large numbers was a fifth of an import's time, half of it collecting them
   * again). Words are numbered through a map by their string; CJK terms (lib/history/terms.ts
   * cjkTerm keys, too large for small integers) through an open-addressed table of typed
   * arrays. The postings are grouped by term once, when the rows are packed.
   */
  private readonly words = new Map<string, number>();
  /** Per term: the word's string ('' for a CJK term). */
  private readonly wordOf: string[] = [];
  private cjkKeys = new Float64Array(1 << 16);
  private cjkIds = new Int32Array(1 << 16).fill(-1);
  private cjkCount = 0;
  /** Per term: the CJK key (or -1 for a word) and its last posting. */
  private keyOf = new Float64Array(1 << 14);
  private last = new Int32Array(1 << 14);
  private terms = 0;
  private pool = new Int32Array(1 << 18);
  private postings = 0;
  /** Per turn added: `chat, turn, first posting`. */
  private turns = new Int32Array(3 << 10);
  private turnCount = 0;
  /** The current turn's first posting: a term's last posting from here on is this turn's. */
  private turnStart = 0;
  private lastKey = -1;
  private ordered = true;
  private readonly onWord = (term: string) => {
    let id = this.words.get(term);
    if (id === undefined) {
      id = this.newTerm(-1, term);
      this.words.set(term, id);
    }
    this.bump(id);
  };
  private readonly onCjk = (key: number) => this.bump(key < CODE_POINTS ? this.charId(key) : this.cjkId(key));
  /** Single characters (half of all CJK lookups) by code point, without hashing. */
  private charIds: Int32Array | null = null;

  private charId(cp: number): number {
    if (!this.charIds) this.charIds = new Int32Array(CODE_POINTS).fill(-1);
    const id = this.charIds[cp]!;
    if (id >= 0) return id;
    const created = this.newTerm(cp, '');
    this.charIds[cp] = created;
    return created;
  }

  private newTerm(key: number, word: string): number {
    const id = this.terms++;
    if (id >= this.last.length) {
      const keys = new Float64Array(this.last.length * 2);
      keys.set(this.keyOf);
      this.keyOf = keys;
      this.last = grown(this.last, id + 1);
    }
    this.keyOf[id] = key;
    this.last[id] = -1;
    this.wordOf.push(word);
    return id;
  }

  private cjkId(key: number): number {
    const mask = this.cjkIds.length - 1;
    for (let s = slotHash(key, mask); ; s = (s + 1) & mask) {
      const id = this.cjkIds[s]!;
      if (id < 0) {
        const created = this.newTerm(key, '');
        this.cjkKeys[s] = key;
        this.cjkIds[s] = created;
        if (++this.cjkCount * 2 > this.cjkIds.length) this.rehash();
        return created;
      }
      if (this.cjkKeys[s] === key) return id;
    }
  }

  private rehash(): void {
    const keys = this.cjkKeys;
    const ids = this.cjkIds;
    this.cjkKeys = new Float64Array(keys.length * 2);
    this.cjkIds = new Int32Array(ids.length * 2).fill(-1);
    const mask = this.cjkIds.length - 1;
    for (let i = 0; i < ids.length; i++) {
      if (ids[i]! < 0) continue;
      let s = slotHash(keys[i]!, mask);
      while (this.cjkIds[s]! >= 0) s = (s + 1) & mask;
      this.cjkKeys[s] = keys[i]!;
      this.cjkIds[s] = ids[i]!;
    }
  }

  /** One occurrence of a term in the current turn: a new posting, or one more of the last. */
  private bump(id: number): void {
    const last = this.last[id]!;
    if (last >= this.turnStart) {
      this.pool[last * 2 + 1]!++;
      return;
    }
    const p = this.postings++;
    if (p * 2 + 2 > this.pool.length) this.pool = grown(this.pool, p * 2 + 2);
    this.pool[p * 2] = id;
    this.pool[p * 2 + 1] = 1;
    this.last[id] = p;
  }

  /** Adds one turn's terms. */
  addTurn(chat: number, turn: number, text: string): void {
    const key = chat * 1_048_576 + turn;
    // Out of order needs a sort at the end; the same turn again goes on counting into it.
    if (key < this.lastKey) this.ordered = false;
    if (key !== this.lastKey) {
      const at = this.turnCount++ * 3;
      if (at + 3 > this.turns.length) this.turns = grown(this.turns, at + 3);
      this.turns[at] = chat;
      this.turns[at + 1] = turn;
      this.turns[at + 2] = this.postings;
      this.turnStart = this.postings;
    }
    this.lastKey = key;
    forEachTerm(text, this.onWord, this.onCjk);
  }

  get size(): number {
    return this.terms;
  }

  /** The postings as `chat, turn, tf` triples grouped by term, in the order added; `start[t]` is term t's first. */
  private grouped(): { flat: Int32Array; start: Int32Array } {
    const start = new Int32Array(this.terms + 1);
    const pool = this.pool;
    for (let p = 0; p < this.postings; p++) start[pool[p * 2]! + 1]!++;
    for (let t = 0; t < this.terms; t++) start[t + 1]! += start[t]!;
    const next = start.slice(0, this.terms);
    const flat = new Int32Array(this.postings * 3);
    const turns = this.turns;
    for (let r = 0; r < this.turnCount; r++) {
      const chat = turns[r * 3]!;
      const turn = turns[r * 3 + 1]!;
      const end = r + 1 < this.turnCount ? turns[r * 3 + 5]! : this.postings;
      for (let p = turns[r * 3 + 2]!; p < end; p++) {
        const k = next[pool[p * 2]!]!++ * 3;
        flat[k] = chat;
        flat[k + 1] = turn;
        flat[k + 2] = pool[p * 2 + 1]!;
      }
    }
    return { flat, start };
  }

  /**
   * One packed row per bucket of terms. `pause` (outside a transaction only) lets other work
   * run now and then: packing a large batch takes a good part of a second.
   */
  async rows(pause: (() => Promise<void>) | null): Promise<BucketRow[]> {
    const { flat, start } = this.grouped();
    if (pause) await pause();
    // Every term's postings packed into one buffer; `span[t]..span[t + 1]` is term t's.
    const w = new PostingWriter();
    const span = new Int32Array(this.terms + 1);
    for (let t = 0; t < this.terms; t++) {
      const from = start[t]! * 3;
      const to = start[t + 1]! * 3;
      if (this.ordered) encodeFlatTo(w, flat, from, to);
      else w.append(encodePostings(sortedPostings(flat.subarray(from, to))));
      span[t + 1] = w.len;
      if (pause && (t & 0x3fff) === 0) await pause();
    }
    const buckets = new Map<number, [string, Uint8Array][]>();
    for (let t = 0; t < this.terms; t++) {
      const key = this.keyOf[t]!;
      const term = key < 0 ? this.wordOf[t]! : cjkTerm(key);
      const b = bucketOf(term);
      const entries = buckets.get(b);
      const packed: [string, Uint8Array] = [term, w.view(span[t]!, span[t + 1]!)];
      if (entries) entries.push(packed);
      else buckets.set(b, [packed]);
      if (pause && (t & 0x3fff) === 0) await pause();
    }
    const out: BucketRow[] = [];
    for (const [bucket, entries] of buckets) {
      out.push({ bucket, data: encodeBucket(entries) });
      if (pause) await pause();
    }
    return out;
  }
}

/** The distinct terms of some texts: what a forgotten chat's postings must be purged from. */
export function termsOfTexts(texts: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const text of texts) for (const term of termCounts(text).keys()) all.add(term);
  return [...all];
}
