/**
 * An inverted index with BM25F scoring over two fields, updated in place: adding or removing one
 * document touches only its own terms' postings, so the background index never needs a rebuild.
 * A document is its text (the main field) and, optionally, its keywords (a second field). Each
 * field keeps its own term frequencies and its own length normalisation, and the two are
 * weighted and summed per term before saturation (BM25F, Robertson et al. 2004, "Simple BM25
 * extension to multiple weighted fields"): a memory with eight keywords is not judged longer,
 * and so worse, than the same memory with two. Documents are numbered slots; freed slots are
 * reused. Postings are parallel number arrays per term (small and cache-friendly at 100k
 * documents, unlike a Map per term).
 */

interface Posting {
  slots: number[];
  /** Frequency in the main field (the memory's own words). */
  tfs: number[];
  /**
   * Frequency in the keywords field; null while no document has the term among its keywords
   * (most terms of a store), so the common case costs no second array in memory or in the dump.
   */
  kfs: number[] | null;
}

export interface Bm25Params {
  k1: number;
  /** Length normalisation of the main field. */
  b: number;
  /** What one keyword occurrence counts against one occurrence in the main field. */
  keywordWeight: number;
  /** Length normalisation of the keywords field, against the average keyword list. */
  keywordB: number;
  /**
   * Multiplies the score of a document that shares no query term through its own words, only
   * through its keywords: how far a keyword-only match may go against a match on what the
   * memory says.
   */
  keywordOnly: number;
}

export const DEFAULT_BM25: Bm25Params = { k1: 1.2, b: 0.75, keywordWeight: 0.7, keywordB: 0.75, keywordOnly: 1 };

/**
 * In a large store, terms that occur in nearly every document carry no signal and cost the
 * most to score. A small store keeps them: there they may be all the query has in common.
 */
const MIN_IDF = 0.15;
export const LARGE_STORE = 1000;
/**
 * In a large store, a term in more than this share of documents only adds to documents a
 * rarer query term already found (MaxScore-style): a document holding nothing but common
 * words will not make the top of the list, and leaving it out keeps the candidate set small.
 */
const COMMON_SHARE = 0.05;

/**
 * The index as plain data, for the snapshot a cold start restores: postings as parallel
 * arrays of terms, slots and frequencies per field, plus every slot's field lengths (0 for a
 * free slot). Each document's unique terms are not stored: restore reads them back off the
 * postings.
 */
export interface InvertedDump {
  terms: string[];
  slots: number[][];
  tfs: number[][];
  kfs: (number[] | null)[];
  lengths: number[];
  keywordLengths: number[];
  free: number[];
  totalLength: number;
  totalKeywordLength: number;
  /** Live documents with at least one keyword: what the keywords field's average is over. */
  withKeywords: number;
  live: number;
}

export class InvertedIndex {
  private readonly postings = new Map<string, Posting>();
  private readonly lengths: number[] = [];
  private readonly keywordLengths: number[] = [];
  /** Per slot, its unique terms: those of its keywords field first (`keywordTermCounts` of them). */
  private readonly docTerms: (string[] | null)[] = [];
  private readonly keywordTermCounts: number[] = [];
  private readonly free: number[] = [];
  private totalLength = 0;
  private totalKeywordLength = 0;
  private withKeywords = 0;
  private live = 0;
  private acc = new Float64Array(0);
  /** Per slot while scoring: 1 once a query term matched its main field. */
  private own = new Uint8Array(0);

  get size(): number {
    return this.live;
  }

  /** Adds a document's main-field terms and its keyword terms (repeats = term frequency); returns its slot. */
  add(terms: readonly string[], keywords: readonly string[] = []): number {
    const slot = this.free.pop() ?? this.lengths.length;
    const tf = new Map<string, [number, number]>();
    for (const t of terms) {
      const f = tf.get(t);
      if (f) f[0]++;
      else tf.set(t, [1, 0]);
    }
    for (const t of keywords) {
      const f = tf.get(t);
      if (f) f[1]++;
      else tf.set(t, [0, 1]);
    }
    for (const [term, [count, kcount]] of tf) {
      const p: Posting = this.postings.get(term) ?? { slots: [], tfs: [], kfs: null };
      if (p.slots.length === 0) this.postings.set(term, p);
      if (kcount > 0 && p.kfs === null) p.kfs = p.slots.map(() => 0);
      p.slots.push(slot);
      p.tfs.push(count);
      p.kfs?.push(kcount);
    }
    this.lengths[slot] = terms.length;
    this.keywordLengths[slot] = keywords.length;
    // Sized once: keyword terms from the front, the rest from the back (no spare capacity per document).
    const unique: string[] = new Array(tf.size);
    let front = 0;
    let back = tf.size;
    for (const [term, f] of tf) {
      if (f[1] > 0) unique[front++] = term;
      else unique[--back] = term;
    }
    this.docTerms[slot] = unique;
    this.keywordTermCounts[slot] = front;
    this.totalLength += terms.length;
    this.totalKeywordLength += keywords.length;
    if (keywords.length > 0) this.withKeywords++;
    this.live++;
    return slot;
  }

  dump(): InvertedDump {
    const terms: string[] = [];
    const slots: number[][] = [];
    const tfs: number[][] = [];
    const kfs: (number[] | null)[] = [];
    for (const [term, p] of this.postings) {
      terms.push(term);
      slots.push(p.slots);
      tfs.push(p.tfs);
      kfs.push(p.kfs);
    }
    return {
      terms,
      slots,
      tfs,
      kfs,
      lengths: this.lengths,
      keywordLengths: this.keywordLengths,
      free: this.free,
      totalLength: this.totalLength,
      totalKeywordLength: this.totalKeywordLength,
      withKeywords: this.withKeywords,
      live: this.live,
    };
  }

  /** An index equal to the one dumped (a document's unique terms may come back in another order). */
  static restore(d: InvertedDump): InvertedIndex {
    const index = new InvertedIndex();
    const free = new Set(d.free);
    const docTerms: (string[] | null)[] = index.docTerms;
    const ownOnly: string[][] = [];
    for (let slot = 0; slot < d.lengths.length; slot++) {
      docTerms.push(free.has(slot) ? null : []);
      ownOnly.push([]);
      index.keywordTermCounts.push(0);
      index.lengths.push(d.lengths[slot] as number);
      index.keywordLengths.push(d.keywordLengths[slot] as number);
    }
    for (let i = 0; i < d.terms.length; i++) {
      const term = d.terms[i] as string;
      const slots = d.slots[i] as number[];
      const kfs = d.kfs[i] ?? null;
      index.postings.set(term, { slots, tfs: d.tfs[i] as number[], kfs });
      slots.forEach((slot, j) => {
        if (kfs !== null && (kfs[j] as number) > 0) {
          docTerms[slot]?.push(term);
          index.keywordTermCounts[slot] = (index.keywordTermCounts[slot] as number) + 1;
        } else ownOnly[slot]?.push(term);
      });
    }
    ownOnly.forEach((terms, slot) => {
      docTerms[slot]?.push(...terms);
    });
    for (const slot of d.free) index.free.push(slot);
    index.totalLength = d.totalLength;
    index.totalKeywordLength = d.totalKeywordLength;
    index.withKeywords = d.withKeywords;
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
        p.kfs?.splice(i, 1);
      }
      if (p.slots.length === 0) this.postings.delete(term);
    }
    const klen = this.keywordLengths[slot] ?? 0;
    this.totalLength -= this.lengths[slot] ?? 0;
    this.totalKeywordLength -= klen;
    if (klen > 0) this.withKeywords--;
    this.lengths[slot] = 0;
    this.keywordLengths[slot] = 0;
    this.docTerms[slot] = null;
    this.keywordTermCounts[slot] = 0;
    this.free.push(slot);
    this.live--;
  }

  clear(): void {
    this.postings.clear();
    this.lengths.length = 0;
    this.keywordLengths.length = 0;
    this.docTerms.length = 0;
    this.keywordTermCounts.length = 0;
    this.free.length = 0;
    this.totalLength = 0;
    this.totalKeywordLength = 0;
    this.withKeywords = 0;
    this.live = 0;
  }

  /** A document's unique terms (shared, do not mutate). */
  termsOf(slot: number): readonly string[] {
    return this.docTerms[slot] ?? [];
  }

  /** The unique terms of a document's keywords field. */
  keywordTermsOf(slot: number): readonly string[] {
    return (this.docTerms[slot] ?? []).slice(0, this.keywordTermCounts[slot] ?? 0);
  }

  documentFrequency(term: string): number {
    return this.postings.get(term)?.slots.length ?? 0;
  }

  idf(term: string): number {
    const df = this.documentFrequency(term);
    return Math.log(1 + (this.live - df + 0.5) / (df + 0.5));
  }

  /**
   * BM25F of every document sharing a term with the weighted query, as parallel arrays of slots
   * and scores: the cost follows the query's postings, not the store's size.
   */
  score(query: ReadonlyMap<string, number>, params: Bm25Params = DEFAULT_BM25): { slots: number[]; scores: number[] } {
    if (this.acc.length < this.lengths.length) {
      this.acc = new Float64Array(this.lengths.length * 2);
      this.own = new Uint8Array(this.lengths.length * 2);
    }
    const { acc, own } = this;
    const touched: number[] = [];
    const avg = Math.max(1e-9, this.totalLength / Math.max(1, this.live));
    const kavg = Math.max(1e-9, this.totalKeywordLength / Math.max(1, this.withKeywords));
    const { k1, b, keywordWeight, keywordB } = params;
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
        const tf = p.tfs[i] as number;
        const kf = keywordWeight > 0 && p.kfs !== null ? (p.kfs[i] as number) : 0;
        if (tf === 0 && kf === 0) continue;
        if (acc[slot] === 0) {
          if (onlyFound) continue;
          touched.push(slot);
        }
        let f = 0;
        if (tf > 0) {
          f += tf / (1 - b + (b * (this.lengths[slot] as number)) / avg);
          own[slot] = 1;
        }
        if (kf > 0)
          f += (keywordWeight * kf) / (1 - keywordB + (keywordB * (this.keywordLengths[slot] as number)) / kavg);
        acc[slot] = (acc[slot] as number) + (weight * idf * f * (k1 + 1)) / (f + k1);
      }
    }
    const scores = touched.map((slot) => {
      const v = acc[slot] as number;
      const factor = own[slot] === 1 ? 1 : params.keywordOnly;
      acc[slot] = 0;
      own[slot] = 0;
      return v * factor;
    });
    return { slots: touched, scores };
  }
}
