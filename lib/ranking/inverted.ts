/**
 * An inverted index with BM25 scoring, updated in place: adding or removing one document
 * touches only its own terms' postings, so the background index never needs a rebuild.
 * Documents are numbered slots; freed slots are reused. Postings are two parallel
 * number arrays per term (small and cache-friendly at 100k documents, unlike a Map per term).
 */

interface Posting {
  slots: number[];
  tfs: number[];
}

export interface Bm25Params {
  k1: number;
  b: number;
}

export const DEFAULT_BM25: Bm25Params = { k1: 1.2, b: 0.75 };

/**
 * In a large store, terms that occur in nearly every document carry no signal and cost the
 * most to score. A small store keeps them: there they may be all the query has in common.
 */
const MIN_IDF = 0.15;
const LARGE_STORE = 1000;
/**
 * In a large store, a term in more than this share of documents only adds to documents a
 * rarer query term already found (MaxScore-style): a document holding nothing but common
 * words will not make the top of the list, and leaving it out keeps the candidate set small.
 */
const COMMON_SHARE = 0.05;

/**
 * The index as plain data, for the snapshot a cold start restores: postings as parallel
 * arrays of terms, slots and frequencies, plus every slot's length (0 for a free slot).
 * Each document's unique terms are not stored: restore reads them back off the postings.
 */
export interface InvertedDump {
  terms: string[];
  slots: number[][];
  tfs: number[][];
  lengths: number[];
  free: number[];
  totalLength: number;
  live: number;
}

export class InvertedIndex {
  private readonly postings = new Map<string, Posting>();
  private readonly lengths: number[] = [];
  private readonly docTerms: (string[] | null)[] = [];
  private readonly free: number[] = [];
  private totalLength = 0;
  private live = 0;
  private acc = new Float64Array(0);

  get size(): number {
    return this.live;
  }

  /**
   * Adds a document's terms (repeats = term frequency) and, optionally, a secondary field's
   * terms that count `secondaryWeight` each toward frequency and length; returns its slot.
   */
  add(terms: readonly string[], secondary: readonly string[] = [], secondaryWeight = 0): number {
    const slot = this.free.pop() ?? this.lengths.length;
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    const extra = secondaryWeight > 0 ? secondary : [];
    for (const t of extra) tf.set(t, (tf.get(t) ?? 0) + secondaryWeight);
    for (const [term, count] of tf) {
      const p = this.postings.get(term) ?? { slots: [], tfs: [] };
      if (p.slots.length === 0) this.postings.set(term, p);
      p.slots.push(slot);
      p.tfs.push(count);
    }
    const length = terms.length + extra.length * secondaryWeight;
    this.lengths[slot] = length;
    this.docTerms[slot] = [...tf.keys()];
    this.totalLength += length;
    this.live++;
    return slot;
  }

  dump(): InvertedDump {
    const terms: string[] = [];
    const slots: number[][] = [];
    const tfs: number[][] = [];
    for (const [term, p] of this.postings) {
      terms.push(term);
      slots.push(p.slots);
      tfs.push(p.tfs);
    }
    return {
      terms,
      slots,
      tfs,
      lengths: this.lengths,
      free: this.free,
      totalLength: this.totalLength,
      live: this.live,
    };
  }

  /** An index equal to the one dumped (a document's unique terms may come back in another order). */
  static restore(d: InvertedDump): InvertedIndex {
    const index = new InvertedIndex();
    const free = new Set(d.free);
    const docTerms: (string[] | null)[] = index.docTerms;
    for (let slot = 0; slot < d.lengths.length; slot++) {
      docTerms.push(free.has(slot) ? null : []);
      index.lengths.push(d.lengths[slot] as number);
    }
    for (let i = 0; i < d.terms.length; i++) {
      const term = d.terms[i] as string;
      const slots = d.slots[i] as number[];
      index.postings.set(term, { slots, tfs: d.tfs[i] as number[] });
      for (const slot of slots) docTerms[slot]?.push(term);
    }
    for (const slot of d.free) index.free.push(slot);
    index.totalLength = d.totalLength;
    index.live = d.live;
    return index;
  }

  remove(slot: number): void {
    const terms = this.docTerms[slot];
    if (!terms) return;
    for (const term of terms) {
      const p = this.postings.get(term);
      if (!p) continue;
      const i = p.slots.lastIndexOf(slot);
      if (i >= 0) {
        p.slots.splice(i, 1);
        p.tfs.splice(i, 1);
      }
      if (p.slots.length === 0) this.postings.delete(term);
    }
    this.totalLength -= this.lengths[slot] ?? 0;
    this.lengths[slot] = 0;
    this.docTerms[slot] = null;
    this.free.push(slot);
    this.live--;
  }

  clear(): void {
    this.postings.clear();
    this.lengths.length = 0;
    this.docTerms.length = 0;
    this.free.length = 0;
    this.totalLength = 0;
    this.live = 0;
  }

  /** A document's unique terms (shared, do not mutate). */
  termsOf(slot: number): readonly string[] {
    return this.docTerms[slot] ?? [];
  }

  documentFrequency(term: string): number {
    return this.postings.get(term)?.slots.length ?? 0;
  }

  idf(term: string): number {
    const df = this.documentFrequency(term);
    return Math.log(1 + (this.live - df + 0.5) / (df + 0.5));
  }

  /**
   * BM25 of every document sharing a term with the weighted query, as parallel arrays of slots
   * and scores: the cost follows the query's postings, not the store's size.
   */
  score(query: ReadonlyMap<string, number>, params: Bm25Params = DEFAULT_BM25): { slots: number[]; scores: number[] } {
    if (this.acc.length < this.lengths.length) this.acc = new Float64Array(this.lengths.length * 2);
    const acc = this.acc;
    const touched: number[] = [];
    const avg = this.totalLength / Math.max(1, this.live);
    const { k1, b } = params;
    const large = this.live >= LARGE_STORE;
    const terms = [...query].sort((x, y) => this.documentFrequency(x[0]) - this.documentFrequency(y[0]));
    for (const [term, weight] of terms) {
      const p = this.postings.get(term);
      if (!p) continue;
      const idf = this.idf(term);
      if (large && idf < MIN_IDF) continue;
      const onlyFound = large && touched.length > 0 && p.slots.length > COMMON_SHARE * this.live;
      for (let i = 0; i < p.slots.length; i++) {
        const slot = p.slots[i] as number;
        if (acc[slot] === 0) {
          if (onlyFound) continue;
          touched.push(slot);
        }
        const f = p.tfs[i] as number;
        const norm = k1 * (1 - b + (b * (this.lengths[slot] as number)) / avg);
        acc[slot] = (acc[slot] as number) + (weight * idf * f * (k1 + 1)) / (f + norm);
      }
    }
    const scores = touched.map((slot) => {
      const v = acc[slot] as number;
      acc[slot] = 0;
      return v;
    });
    return { slots: touched, scores };
  }
}
