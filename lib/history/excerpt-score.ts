/**
 * Scoring turns for past-chat excerpts. Unlike the panel's search (every word must be in the
 * turn), a request is a sentence: a turn scores the sum of the units it holds (BM25's idf ×
 * saturated count, lib/history/score.ts), and its coverage is the idf-weighted share of the
 * request's units it holds. Coverage is what the relevance floor reads: a turn sharing one
 * common word with an unrelated request scores little of the request's weight.
 */
import { parseQuery, type QueryUnit } from './query';
import { idf } from './score';
import { type TermList, unitScores } from './turn-lists';

/** Units of the draft, and of the request keywords (their own field, weighted lower). */
export interface ExcerptQuery {
  units: QueryUnit[];
  keywordUnits: QueryUnit[];
}

/** How much a request keyword's match counts against the draft's own words (score and coverage). */
const KEYWORD_WEIGHT = 0.5;
/**
 * A unit whose terms are in more than this share of all turns says nothing about which chat
 * is meant ("thing", "time"): it neither scores nor counts toward coverage.
 */
const COMMON_SHARE = 0.2;

export function excerptQuery(draft: string, requestKeywords: readonly string[] = []): ExcerptQuery {
  const units = dedupe(parseQuery(draft).units);
  const seen = new Set(units.map(key));
  const keywordUnits = dedupe(requestKeywords.flatMap((k) => parseQuery(k).units)).filter((u) => !seen.has(key(u)));
  return { units, keywordUnits };
}

const key = (u: QueryUnit) => `${u.mode}:${u.terms.join(' ')}`;

function dedupe(units: readonly QueryUnit[]): QueryUnit[] {
  const out = new Map<string, QueryUnit>();
  for (const u of units) out.set(key(u), u);
  return [...out.values()];
}

export function excerptTerms(q: ExcerptQuery): string[] {
  return [...new Set([...q.units, ...q.keywordUnits].flatMap((u) => u.terms))];
}

/**
 * A unit's weight: its score in a turn holding it once (the best stem's idf, or the mean of a
 * CJK word's pairs'). A term no turn holds weighs as one held once: it is no rarer than that,
 * and a new word in the request should not outweigh everything the history does hold.
 */
function unitWeight(unit: QueryUnit, lists: ReadonlyMap<string, TermList>, total: number): number {
  const idfs = unit.terms.map((t) => idf(total, Math.max(1, lists.get(t)?.keys.length ?? 0)));
  if (idfs.length === 0) return 0;
  return unit.mode === 'any' ? Math.max(...idfs) : idfs.reduce((a, b) => a + b, 0) / idfs.length;
}

function isCommon(unit: QueryUnit, lists: ReadonlyMap<string, TermList>, total: number): boolean {
  const sizes = unit.terms.map((t) => lists.get(t)?.keys.length ?? 0);
  const size = unit.mode === 'any' ? Math.min(...sizes) : Math.max(...sizes);
  return size > total * COMMON_SHARE && total >= 50;
}

export interface TurnScores {
  /** Turn key (lib/history/turn-lists.ts) → summed unit scores. */
  score: Map<number, number>;
  /** Turn key → the units it holds (indexes: the draft's units, then the keywords'). */
  held: Map<number, number[]>;
  /**
   * The idf-weighted share (0…1) of the request's words that these units make: the draft's
   * own, or the keywords' at their lower weight, whichever is more.
   */
  coverageOf(units: Iterable<number>): number;
}

/** Each unit's share of its field's weight; 0 for a unit too common to count. */
function shares(units: readonly QueryUnit[], lists: ReadonlyMap<string, TermList>, total: number): number[] {
  const weights = units.map((u) => (isCommon(u, lists, total) ? 0 : unitWeight(u, lists, total)));
  const all = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (all > 0 ? w / all : 0));
}

/** Every turn holding at least one of the request's units, with its score and the units it holds. */
export function scoreTurns(q: ExcerptQuery, lists: ReadonlyMap<string, TermList>, totalTurns: number): TurnScores {
  const total = Math.max(1, totalTurns);
  const units = [...q.units, ...q.keywordUnits];
  const own = q.units.length;
  const share = [...shares(q.units, lists, total), ...shares(q.keywordUnits, lists, total)];
  const score = new Map<number, number>();
  const held = new Map<number, number[]>();
  units.forEach((unit, i) => {
    if (share[i] === 0) return;
    const factor = i < own ? 1 : KEYWORD_WEIGHT;
    const { keys, scores } = unitScores(unit, lists, total);
    for (let k = 0; k < keys.length; k++) {
      const turn = keys[k]!;
      score.set(turn, (score.get(turn) ?? 0) + scores[k]! * factor);
      const list = held.get(turn);
      if (list) list.push(i);
      else held.set(turn, [i]);
    }
  });
  // Summed in the units' order, whatever order they come in: then some turns' coverage is never
  // above all of them together, to the last bit (the floor's bound in lib/db/past-chats.ts).
  const coverageOf = (list: Iterable<number>) => {
    const held = new Set(list);
    let mine = 0;
    let theirs = 0;
    for (let i = 0; i < share.length; i++) {
      if (!held.has(i)) continue;
      if (i < own) mine += share[i]!;
      else theirs += share[i]!;
    }
    return Math.max(mine, theirs * KEYWORD_WEIGHT);
  };
  return { score, held, coverageOf };
}
