/**
 * Ranking memories for a draft message. BM25 over wink lemmas and CJK words plus
 * bigrams finds the text matches; small, named priors (intent by type, importance, recency,
 * hits, user feedback) order them; hard rules hold whatever the scores say:
 * - only `active` memories not marked superseded; scope `global` or the current site; of the
 *   spaces the chat may reach (lib/memory/spaces.ts): never another space's;
 * - of two versions of the same fact only the newest is returned;
 * - pinned memories (and address/style preferences) are always candidates;
 * - a like/dislike contradiction between two returned memories is flagged (`conflictsWith`).
 * Each result's score is the sum of its parts, which the audit log stores as they are.
 */

import { EVERYWHERE_ONLY, passes, type SpaceFilter } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import { localDay } from '../memory/when';
import type { SiteId } from '../sites/ids';
import { contradicts, type Polarity, polarityOf } from '../text/cues';
import { CHAR_MARK, termsOf } from '../text/keywords';
import { expandQuery } from './expand';
import { type MemoryFields, memoryFields } from './index-terms';
import { detectIntent, type Intent } from './intent';
import { type InvertedDump, InvertedIndex, LARGE_STORE } from './inverted';
import type { ProfileKind } from './profile';
import type { IndexedMemory, RankedMemory } from './ranked';
import { addRequestTerms } from './request-keywords';
import { fromWindow, TIME_WEIGHTS, type TimeWeights, timePart } from './time-score';
import { NO_TIME, readTimeRequest, type TimeRequest } from './time-window';
import { newestVersions } from './versions';
import { hasReason, type ScoreWeights, scoreParts, sumParts, WEIGHTS } from './weights';

export interface RankOptions {
  site: SiteId | null;
  /** Every scope, not just global + `site`: the side panel's search, never an injection. */
  anyScope?: boolean;
  /**
   * Which spaces' memories may be returned. Absent: Everywhere's only, so a caller that forgets
   * it can only narrow what a chat gets, never hand it another space's memories.
   */
  spaces?: SpaceFilter;
  now: number;
  limit?: number;
  /** Memory ids the user took out of this injection (side panel preview). */
  exclude?: Iterable<string>;
  /** Decided from the query when absent. */
  intent?: Intent;
  weights?: ScoreWeights;
  /**
   * The model's search keywords for this draft (request-keywords.ts), already bounded: matched
   * as a query field of their own; intent is still read from the draft alone.
   */
  requestKeywords?: readonly string[];
  /** The user's time zone, for "yesterday" and the day a memory was written; absent: the runtime's. */
  timeZone?: string;
  /**
   * How much a request's time counts (time-score.ts); absent: TIME_WEIGHTS; null: its time is
   * not read at all, as before ranking knew time (what the benchmark compares against).
   */
  time?: TimeWeights | null;
}

/**
 * The shape of a MemoryIndex dump: a snapshot of another format is rebuilt, not restored. How
 * much a memory's keywords count (weights.ts, bm25) is applied when ranking, not stored.
 */
export const INDEX_DUMP_FORMAT = '3';

/** A MemoryIndex as plain data: the text index, and per slot its memory, answer cue and profile kinds. */
export interface MemoryIndexDump {
  text: InvertedDump;
  rows: ([MemoryRecord, IndexedMemory['addressOrStyle'], readonly ProfileKind[]] | null)[];
}

const GREETING_LIMIT = 3;
/** Text matches under this share of the best one are dropped before scoring. */
const MIN_TEXT_SHARE = 0.03;
/**
 * In a large store, a keyword more than this share of memories carry is a broad category ("work",
 * "家人"), not what the best match is about: it is not lent (it would drift the draft to the
 * whole category, and its postings cost the most). A small store lends it: there it may be the
 * only bridge.
 */
const LENT_MAX_SHARE = 0.01;
/** At most this many text matches are scored in full. */
const MAX_SCORED = 400;
/** At most this many memories join a request's candidates only for being from its time window. */
const MAX_WINDOW_CANDIDATES = 400;
const DAY_MS = 86_400_000;

/** The score a text match needs to be among the MAX_SCORED best (and above `floor`). */
function pruneFloor(scores: readonly number[], floor: number): number {
  if (scores.length <= MAX_SCORED) return floor;
  const above = scores.filter((s) => s >= floor);
  if (above.length <= MAX_SCORED) return floor;
  above.sort((a, b) => b - a);
  return above[MAX_SCORED - 1] as number;
}

/** What a ranking may return at all: the hard rules injection and desktop tools share. */
export function eligible(m: MemoryRecord, opts: Pick<RankOptions, 'site' | 'anyScope' | 'spaces'>): boolean {
  if (m.status !== 'active' || m.supersededBy !== null) return false;
  if (!passes(opts.spaces ?? EVERYWHERE_ONLY, m.space)) return false;
  return opts.anyScope === true || m.scope === 'global' || m.scope === opts.site;
}

function touched(memory: MemoryRecord): number {
  return Math.max(Date.parse(memory.updatedAt), memory.lastHitAt ? Date.parse(memory.lastHitAt) : 0);
}

export class MemoryIndex {
  private text = new InvertedIndex();
  private readonly rows = new Map<string, IndexedMemory>();
  private readonly bySlot: (IndexedMemory | undefined)[] = [];
  /** Always candidates whatever the query: pinned and address/style preferences. */
  private readonly standing = new Set<IndexedMemory>();
  /** Memories about the user's circumstances: candidates for an advice request. */
  private readonly circumstances = new Set<IndexedMemory>();
  /** Per slot while merging lent-term scores (withLent); all zero between calls. */
  private lentScratch = new Float64Array(0);

  get size(): number {
    return this.rows.size;
  }

  /** `fields`: the memory's index fields when already known (stored with it); computed otherwise. */
  upsert(memory: MemoryRecord, fields: MemoryFields = memoryFields(memory)): void {
    this.remove(memory.id);
    const slot = this.text.add(fields.content, fields.keywords);
    this.place(memory, slot, memory.type === 'preference' ? (fields.cue[0] ?? null) : null, fields.profile);
  }

  private place(
    memory: MemoryRecord,
    slot: number,
    addressOrStyle: IndexedMemory['addressOrStyle'],
    profile: readonly ProfileKind[],
  ): void {
    const row: IndexedMemory = {
      memory,
      slot,
      terms: this.text.termsOf(slot),
      touchedMs: touched(memory),
      addressOrStyle,
      profile,
    };
    this.rows.set(memory.id, row);
    this.bySlot[slot] = row;
    if (memory.pinned || row.addressOrStyle) this.standing.add(row);
    if (row.profile.length > 0) this.circumstances.add(row);
  }

  dump(): MemoryIndexDump {
    return {
      text: this.text.dump(),
      rows: Array.from(this.bySlot, (row) => (row ? [row.memory, row.addressOrStyle, row.profile] : null)),
    };
  }

  /** The index that was dumped, without re-reading any memory's terms. */
  static restore(d: MemoryIndexDump): MemoryIndex {
    const index = new MemoryIndex();
    index.text = InvertedIndex.restore(d.text);
    d.rows.forEach((row, slot) => {
      if (row) index.place(row[0], slot, row[1], row[2]);
    });
    return index;
  }

  remove(id: string): void {
    const row = this.rows.get(id);
    if (!row) return;
    this.text.remove(row.slot);
    this.bySlot[row.slot] = undefined;
    this.standing.delete(row);
    this.circumstances.delete(row);
    this.rows.delete(id);
  }

  clear(): void {
    this.text.clear();
    this.rows.clear();
    this.bySlot.length = 0;
    this.standing.clear();
    this.circumstances.clear();
  }

  get(id: string): MemoryRecord | undefined {
    return this.rows.get(id)?.memory;
  }

  /**
   * Text matches and standing candidates that pass the hard rules, with raw BM25. Matches far
   * below the best one cannot climb back with priors, so only the strongest few hundred go on
   * to be scored in full: that keeps a 100k store fast on queries made of common words.
   */
  private candidates(query: string, intent: Intent, opts: RankOptions, time: TimeRequest): Map<IndexedMemory, number> {
    const excluded = new Set(opts.exclude ?? []);
    const w = opts.weights ?? WEIGHTS;
    const weights = new Map<string, number>();
    for (const t of termsOf(query)) weights.set(t, t.startsWith(CHAR_MARK) ? w.charWeight : 1);
    expandQuery(query, weights, w.expansion);
    if (intent.kind !== 'greeting') addRequestTerms(weights, opts.requestKeywords ?? [], w.request, w.charWeight);
    let { slots, scores } = this.text.score(weights, w.bm25);
    if (w.prf.docs > 0 && w.prf.weight > 0)
      ({ slots, scores } = this.withLent(slots, scores, weights, w, opts, excluded));
    let best = 0;
    for (const s of scores) best = Math.max(best, s);
    const floor = pruneFloor(scores, best * MIN_TEXT_SHARE);
    const out = new Map<IndexedMemory, number>();
    slots.forEach((slot, i) => {
      const bm25 = scores[i] as number;
      if (bm25 < floor) return;
      const row = this.bySlot[slot];
      if (!row || !eligible(row.memory, opts) || excluded.has(row.memory.id)) return;
      out.set(row, bm25);
    });
    const extra = intent.advice ? [...this.standing, ...this.circumstances] : this.standing;
    for (const row of extra) {
      if (!out.has(row) && eligible(row.memory, opts) && !excluded.has(row.memory.id)) out.set(row, 0);
    }
    for (const row of this.inWindow(time, opts)) {
      if (!out.has(row) && !excluded.has(row.memory.id)) out.set(row, 0);
    }
    return out;
  }

  /**
   * Eligible memories from the request's time window (dated in it; for a recall question also
   * written in it), the newest first: a request that names only a time ("what did I decide
   * last week?", "what's on next week?") has no words to match. One pass with a cheap
   * bound on the written time (a day's slack either side covers every time zone) before the
   * exact check.
   */
  private inWindow(time: TimeRequest, opts: RankOptions): IndexedMemory[] {
    if (time.windows.length === 0) return [];
    const lo = Math.min(...time.windows.map((w) => Date.parse(w.from))) - DAY_MS;
    const hi = Math.max(...time.windows.map((w) => Date.parse(w.to))) + 2 * DAY_MS;
    const found: { row: IndexedMemory; at: number }[] = [];
    for (const row of this.rows.values()) {
      const at = Date.parse(row.memory.createdAt);
      if ((at < lo || at > hi) && row.memory.when === undefined) continue;
      if (!eligible(row.memory, opts) || !fromWindow(row.memory, time.windows, opts.timeZone, time.recall)) continue;
      found.push({ row, at });
    }
    found.sort((a, b) => b.at - a.at);
    return found.slice(0, MAX_WINDOW_CANDIDATES).map((f) => f.row);
  }

  /**
   * Pseudo-relevance feedback (Rocchio 1971; RM3, Lavrenko and Croft 2001) restricted to the
   * keywords field: the best few matches lend their keywords to the query at a low weight, so a
   * memory about the same thing in other words (the model's category, synonyms, the other
   * language) is found through what the best match is about, not only through what the draft
   * says. Only the rarest lent terms count (common ones drift the topic). The lenders keep their
   * own score: their keywords are what was lent, and counting them again would let the second
   * best lift itself over the best through terms only it holds.
   */
  private withLent(
    slots: number[],
    scores: number[],
    weights: ReadonlyMap<string, number>,
    w: ScoreWeights,
    opts: RankOptions,
    excluded: ReadonlySet<string>,
  ): { slots: number[]; scores: number[] } {
    // The best `docs` eligible matches, in one pass (a large store matches thousands).
    const top: number[] = [];
    let best = 0;
    slots.forEach((slot, i) => {
      const score = scores[i] as number;
      if (top.length === w.prf.docs && score <= (scores[top[top.length - 1] as number] as number)) return;
      const row = this.bySlot[slot];
      if (!row || !eligible(row.memory, opts) || excluded.has(row.memory.id)) return;
      best = Math.max(best, score);
      let at = top.length;
      while (at > 0 && (scores[top[at - 1] as number] as number) < score) at--;
      top.splice(at, 0, i);
      if (top.length > w.prf.docs) top.pop();
    });
    if (best <= 0) return { slots, scores };
    const lent = new Map<string, number>();
    const lenders = new Set<number>();
    for (const i of top) {
      const share = (scores[i] as number) / best;
      if (share < w.prf.minShare) break;
      lenders.add(slots[i] as number);
      for (const t of this.text.keywordTermsOf(slots[i] as number)) {
        if (t.startsWith(CHAR_MARK) || weights.has(t)) continue;
        lent.set(t, Math.max(lent.get(t) ?? 0, share));
      }
    }
    const maxDf = this.text.size >= LARGE_STORE ? LENT_MAX_SHARE * this.text.size : Number.POSITIVE_INFINITY;
    const picked = [...lent]
      .filter(([t]) => this.text.documentFrequency(t) <= maxDf)
      .map(([t, share]) => [t, share, this.text.idf(t)] as const)
      .sort((a, b) => b[2] - a[2] || (a[0] < b[0] ? -1 : 1))
      .slice(0, w.prf.terms);
    if (picked.length === 0) return { slots, scores };
    const extra = this.text.score(new Map(picked.map(([t, share]) => [t, w.prf.weight * share])), w.bm25);
    // Merged through a scratch array by slot: no map of every first-pass match.
    if (this.lentScratch.length < this.bySlot.length) this.lentScratch = new Float64Array(this.bySlot.length * 2);
    const scratch = this.lentScratch;
    extra.slots.forEach((slot, j) => {
      if (!lenders.has(slot)) scratch[slot] = extra.scores[j] as number;
    });
    slots.forEach((slot, i) => {
      const add = scratch[slot] as number;
      if (add === 0) return;
      scores[i] = (scores[i] as number) + add;
      scratch[slot] = 0;
    });
    // A memory found only through lent terms, under the share of the best match that candidates()
    // keeps, would be dropped there anyway (the best can only grow): not worth carrying.
    let top1 = 0;
    for (const v of scores) top1 = Math.max(top1, v);
    for (const slot of extra.slots) {
      const add = scratch[slot] as number;
      if (add === 0) continue;
      scratch[slot] = 0;
      if (add < top1 * MIN_TEXT_SHARE) continue;
      slots.push(slot);
      scores.push(add);
    }
    return { slots, scores };
  }

  rank(query: string, opts: RankOptions): RankedMemory[] {
    const weights = opts.weights ?? WEIGHTS;
    const intent = opts.intent ?? detectIntent(query);
    const reads = intent.kind !== 'greeting' && opts.time !== null;
    const time = reads ? readTimeRequest(query, localDay(opts.now, opts.timeZone)) : NO_TIME;
    const found = this.candidates(time.rest ?? query, intent, opts, time);
    let best = 0;
    for (const bm25 of found.values()) best = Math.max(best, bm25);
    const scored: { row: IndexedMemory; item: RankedMemory }[] = [];
    for (const [row, bm25] of found) {
      if (intent.kind === 'greeting' && !row.addressOrStyle && !row.memory.pinned) continue;
      const textMatch = best > 0 ? bm25 / best : 0;
      const parts = scoreParts(row, textMatch, intent, opts.now, weights);
      if (time !== NO_TIME)
        parts.time = timePart(row.memory, time, textMatch, opts.time ?? TIME_WEIGHTS, opts.timeZone);
      if (!hasReason(parts, row)) continue;
      scored.push({ row, item: { memory: row.memory, score: sumParts(parts), parts } });
    }
    scored.sort((a, b) => b.item.score - a.item.score || a.item.memory.id.localeCompare(b.item.memory.id));
    const limit = intent.kind === 'greeting' ? Math.min(GREETING_LIMIT, opts.limit ?? 50) : (opts.limit ?? 50);
    const kept = newestVersions(scored, limit);
    flagConflicts(kept);
    return kept.map((k) => k.item);
  }
}

function flagConflicts(kept: readonly { row: IndexedMemory; item: RankedMemory }[]): void {
  for (let i = 0; i < kept.length; i++) {
    for (let j = i + 1; j < kept.length; j++) {
      const a = kept[i] as (typeof kept)[number];
      const b = kept[j] as (typeof kept)[number];
      if (!contradicts(topicsOf(a.row), topicsOf(b.row))) continue;
      a.item.conflictsWith ??= b.item.memory.id;
      b.item.conflictsWith ??= a.item.memory.id;
    }
  }
}

function topicsOf(row: IndexedMemory): { polarity: Polarity; topics: ReadonlySet<string> } {
  row.polarity ??= polarityOf(row.memory.content);
  return { polarity: row.polarity, topics: new Set(row.terms) };
}
