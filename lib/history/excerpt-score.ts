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

/** How much a request keyword's match counts against the draft's own words. */
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

/** A unit's weight: its score in a turn holding it once (the best stem's idf, or the mean of a CJK word's pairs'). */
function unitWeight(unit: QueryUnit, lists: ReadonlyMap<string, TermList>, total: number): number {
  const idfs = unit.terms.map((t) => idf(total, lists.get(t)?.keys.length ?? 0));
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
  /** Turn key → idf-weighted share (0…1) of the request's units the turn holds. */
  coverage: Map<number, number>;
}

function addUnits(
  units: readonly QueryUnit[],
  lists: ReadonlyMap<string, TermList>,
  total: number,
  factor: number,
  out: TurnScores,
): void {
  const kept = units.filter((u) => !isCommon(u, lists, total));
  const weights = kept.map((u) => unitWeight(u, lists, total));
  const all = units.reduce((sum, u) => sum + unitWeight(u, lists, total), 0);
  if (all <= 0) return;
  const coverage = new Map<number, number>();
  kept.forEach((unit, i) => {
    const { keys, scores } = unitScores(unit, lists, total);
    const share = weights[i]! / all;
    for (let k = 0; k < keys.length; k++) {
      const turn = keys[k]!;
      out.score.set(turn, (out.score.get(turn) ?? 0) + scores[k]! * factor);
      coverage.set(turn, (coverage.get(turn) ?? 0) + share);
    }
  });
  for (const [turn, c] of coverage) out.coverage.set(turn, Math.max(out.coverage.get(turn) ?? 0, c * factor));
}

/** Every turn holding at least one of the request's units, with its score and coverage. */
export function scoreTurns(q: ExcerptQuery, lists: ReadonlyMap<string, TermList>, totalTurns: number): TurnScores {
  const out: TurnScores = { score: new Map(), coverage: new Map() };
  const total = Math.max(1, totalTurns);
  addUnits(q.units, lists, total, 1, out);
  addUnits(q.keywordUnits, lists, total, KEYWORD_WEIGHT, out);
  return out;
}
