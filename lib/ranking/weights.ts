/**
 * How the named parts of a score are computed. Text match dominates; the priors
 * are small enough to reorder close matches, never to bury a strong one. A result's score is
 * the plain sum of its parts, so the audit log can show exactly why a memory was chosen.
 */

import type { MemoryType, ScoreParts } from '../memory/types';
import type { Intent } from './intent';
import { type Bm25Params, DEFAULT_BM25 } from './inverted';
import { profileRelevance } from './profile';
import type { IndexedMemory } from './ranked';
import type { RequestKeywordParams } from './request-keywords';

export interface ScoreWeights {
  bm25: Bm25Params;
  /** Query weight of a single CJK character, against 1 for a word or bigram. */
  charWeight: number;
  /** Query weight of a term added by the thesaurus (lexicon.ts); 0 turns expansion off. */
  expansion: number;
  /** Multiplies BM25 normalised to the best match of the query (0–1). */
  text: number;
  /** Per importance step above or below the default 3. */
  importance: number;
  /** Highest recency bonus, for a memory touched just now. */
  recency: number;
  /**
   * Days for the recency bonus to halve, by type; null where age says nothing: a preference
   * holds until changed, a fact until contradicted (versions handle that, DESIGN.md §2).
   */
  halfLifeDays: Readonly<Record<MemoryType, number | null>>;
  /** Per doubling of the hit count. */
  hits: number;
  /** Per unit of user feedback (corrections count −1, confirmations +1). */
  feedback: number;
  /** Standing bonus of an important address / style preference in any conversation. */
  address: number;
  style: number;
  /** Highest profile part, for a circumstance that matters most to an advice request. */
  profile: number;
  /** Pseudo-relevance feedback through the best matches' keywords (retrieve.ts). */
  prf: FeedbackParams;
  /** The model's keywords for the request, a query field of their own (request-keywords.ts). */
  request: RequestKeywordParams;
}

export interface FeedbackParams {
  /** How many of the best text matches lend their keywords to the query; 0 turns it off. */
  docs: number;
  /** Query weight of a lent keyword term, times its lender's share of the best match. */
  weight: number;
  /** A match lends only at this share of the best text match or above. */
  minShare: number;
  /** At most this many terms are lent, the rarest first. */
  terms: number;
}

export const WEIGHTS: ScoreWeights = {
  bm25: DEFAULT_BM25,
  charWeight: 0.2,
  expansion: 0.4,
  text: 1,
  importance: 0.04,
  recency: 0.06,
  halfLifeDays: { preference: null, fact: null, task: 21, conclusion: 90 },
  hits: 0.015,
  feedback: 0.08,
  address: 0.05,
  style: 0.02,
  profile: 0.5,
  prf: { docs: 2, weight: 0.15, minShare: 0.5, terms: 16 },
  request: { weight: 1 },
};

const DAY = 86_400_000;
const FEEDBACK_CAP = 5;
/** In a lookup, only preferences this important stand without a text match. */
const STANDING_IMPORTANCE = 4;

function standingBonus(row: IndexedMemory, intent: Intent, w: ScoreWeights): number {
  const kind = row.addressOrStyle;
  if (!kind) return 0;
  if (intent.kind === 'greeting') return kind === 'address' ? 0.3 : 0.15;
  if (row.memory.importance < STANDING_IMPORTANCE) return 0;
  return kind === 'address' ? w.address : w.style;
}

function recency(row: IndexedMemory, intent: Intent, now: number, w: ScoreWeights): number {
  const halfLife = w.halfLifeDays[row.memory.type];
  if (halfLife === null) return 0;
  const ageDays = Math.max(0, now - row.touchedMs) / DAY;
  const boost = intent.kind === 'continuation' ? 3 : 1;
  return w.recency * boost * 0.5 ** (ageDays / halfLife);
}

export function scoreParts(
  row: IndexedMemory,
  textMatch: number,
  intent: Intent,
  now: number,
  w: ScoreWeights,
): ScoreParts {
  const m = row.memory;
  return {
    text: w.text * textMatch,
    intent:
      intent.typeBoost[m.type] * (textMatch > 0 || intent.kind === 'greeting' ? 1 : 0) + standingBonus(row, intent, w),
    importance: w.importance * (m.importance - 3),
    recency: recency(row, intent, now, w),
    hits: w.hits * Math.log2(1 + Math.min(m.hitCount, 1000)),
    feedback: w.feedback * Math.max(-FEEDBACK_CAP, Math.min(FEEDBACK_CAP, m.feedback)),
    profile: w.profile * profileRelevance(row.profile, intent.advice),
  };
}

export function sumParts(p: ScoreParts): number {
  return p.text + p.intent + p.importance + p.recency + p.hits + p.feedback + (p.profile ?? 0) + (p.time ?? 0);
}

/** A candidate with no text match and no standing reason to be there is noise. */
export function hasReason(p: ScoreParts, row: IndexedMemory): boolean {
  return p.text > 0 || p.intent > 0 || (p.profile ?? 0) > 0 || (p.time ?? 0) > 0 || row.memory.pinned;
}
