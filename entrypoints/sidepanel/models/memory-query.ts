/**
 * Search, filter and sort over the live list, in the panel, as the user types. Pure functions:
 * the same code runs in the unit tests and the 10,000-memory benchmark. Terms are matched as
 * substrings of NFKC-lower-cased text, which works for Chinese without a segmenter; a long
 * Chinese term that is not found whole still matches when most of its character pairs are
 * there ("成都预算" finds "我住在成都，预算是…").
 */
import { hasCjk } from '../../../lib/cjk';
import { isCurrent } from '../../../lib/memory/current';
import type { SpaceId } from '../../../lib/memory/spaces';
import type { MemoryRecord, MemoryStatus, MemoryType, Scope } from '../../../lib/memory/types';
import { inChoice, type SpaceChoice } from './space-groups';

export interface MemoryFilters {
  type: MemoryType | 'any';
  /** `current` (the default): active and proposed; `any`: older versions, archived and expired too. */
  status: MemoryStatus | 'current' | 'any';
  scope: Scope | 'any';
  pinnedOnly: boolean;
}

export const NO_FILTERS: MemoryFilters = { type: 'any', status: 'current', scope: 'any', pinnedOnly: false };

export const SORT_KEYS = ['relevance', 'newest', 'hits', 'importance'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface QueryInput {
  query: string;
  filters: MemoryFilters;
  sort: SortKey;
  /** Scores from the background's ranker (`memories.search`), when it is available. */
  remote?: ReadonlyMap<string, number>;
  /** The space switcher's choice, and the spaces that exist (others are "space gone"). */
  space?: { choice: SpaceChoice; known: ReadonlySet<SpaceId> };
}

const BIGRAM_COVERAGE = 0.6;

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      normalize(query)
        .split(/[\s\p{P}\p{S}]+/u)
        .filter(Boolean),
    ),
  ];
}

interface Hay {
  updatedAt: string;
  content: string;
  extra: string;
}

/** Normalised text per memory, rebuilt only when a memory changes (liveQuery hands out new objects). */
export class HayCache {
  private readonly rows = new Map<string, Hay>();

  get(m: MemoryRecord): Hay {
    const have = this.rows.get(m.id);
    if (have && have.updatedAt === m.updatedAt) return have;
    const hay = {
      updatedAt: m.updatedAt,
      content: normalize(m.content),
      extra: normalize(`${m.note} ${m.tags.join(' ')}`),
    };
    this.rows.set(m.id, hay);
    return hay;
  }
}

/** A search term, prepared once per query: long CJK terms also carry their character pairs. */
export interface Term {
  text: string;
  bigrams: string[] | null;
}

export function compileTerms(query: string): Term[] {
  return queryTerms(query).map((text) => {
    const chars = [...text];
    if (chars.length < 3 || !hasCjk(text)) return { text, bigrams: null };
    return { text, bigrams: chars.slice(1).map((c, i) => chars[i] + c) };
  });
}

function termIn(term: Term, text: string): number {
  if (text.includes(term.text)) return 1;
  if (!term.bigrams) return 0;
  let found = 0;
  for (const pair of term.bigrams) if (text.includes(pair)) found++;
  const coverage = found / term.bigrams.length;
  return coverage >= BIGRAM_COVERAGE ? coverage * 0.8 : 0;
}

/** 0 when any term is missing; otherwise higher for matches in the content than in note or tags. */
export function matchScore(terms: readonly Term[], hay: Hay): number {
  let score = 0;
  for (const term of terms) {
    const s = Math.max(termIn(term, hay.content), termIn(term, hay.extra) * 0.5);
    if (s === 0) return 0;
    score += s;
  }
  return score;
}

function passesFilters(m: MemoryRecord, f: MemoryFilters): boolean {
  return (
    (f.type === 'any' || m.type === f.type) &&
    (f.status === 'any' || (f.status === 'current' ? isCurrent(m) : m.status === f.status)) &&
    (f.scope === 'any' || m.scope === f.scope) &&
    (!f.pinnedOnly || m.pinned)
  );
}

/** Plain code-unit order: ISO dates and ids sort correctly, and it is ~10x faster than localeCompare. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Last change first: a memory an extraction or an edit changed moves to the top, where it is seen. */
const newest = (a: MemoryRecord, b: MemoryRecord) => cmp(b.updatedAt, a.updatedAt) || cmp(a.id, b.id);

function comparator(sort: SortKey, scores: ReadonlyMap<string, number>) {
  switch (sort) {
    case 'relevance':
      return (a: MemoryRecord, b: MemoryRecord) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || newest(a, b);
    case 'hits':
      return (a: MemoryRecord, b: MemoryRecord) =>
        b.hitCount - a.hitCount || cmp(b.lastHitAt ?? '', a.lastHitAt ?? '') || newest(a, b);
    case 'importance':
      return (a: MemoryRecord, b: MemoryRecord) => b.importance - a.importance || newest(a, b);
    default:
      return newest;
  }
}

export interface QueryResult {
  items: MemoryRecord[];
  scores: Map<string, number>;
}

export function runQuery(
  all: readonly MemoryRecord[],
  input: QueryInput,
  cache: HayCache = new HayCache(),
): QueryResult {
  const terms = compileTerms(input.query);
  const scores = new Map<string, number>();
  const items: MemoryRecord[] = [];
  const remote = input.remote ?? new Map<string, number>();
  const remoteMax = Math.max(1e-9, ...remote.values());
  for (const m of all) {
    if (!passesFilters(m, input.filters)) continue;
    if (input.space && !inChoice(m, input.space.choice, input.space.known)) continue;
    if (terms.length > 0) {
      const local = matchScore(terms, cache.get(m));
      const fromRanker = remote.get(m.id);
      if (local === 0 && fromRanker === undefined) continue;
      scores.set(m.id, local + (fromRanker === undefined ? 0 : (2 * fromRanker) / remoteMax));
    }
    items.push(m);
  }
  const sort = terms.length === 0 && input.sort === 'relevance' ? 'newest' : input.sort;
  items.sort(comparator(sort, scores));
  return { items, scores };
}
