/**
 * Relevance of turns and chats. A turn scores BM25's idf × saturated term frequency per query
 * unit (every unit must match); a chat scores its best turn plus a little for each further
 * matching turn, times a recency factor: between two equally good chats the newer comes first,
 * but a year-old exact match still beats a fresh passing mention.
 */

const K1 = 1.2;
const DAY = 86_400_000;
/** Days after which recency has given half of what it can. */
const RECENCY_HALF_LIFE_DAYS = 90;
const RECENCY_WEIGHT = 0.25;

export function idf(totalTurns: number, docFreq: number): number {
  return Math.log(1 + (totalTurns - docFreq + 0.5) / (docFreq + 0.5));
}

export function saturate(tf: number): number {
  return (tf * (K1 + 1)) / (tf + K1);
}

export function recencyFactor(atMs: number, nowMs: number): number {
  const days = Math.max(0, (nowMs - atMs) / DAY);
  return 1 - RECENCY_WEIGHT + RECENCY_WEIGHT * 0.5 ** (days / RECENCY_HALF_LIFE_DAYS);
}

/** Best turn, plus a tenth of each further matching turn's score, at most doubling it. */
export function chatScore(turnScores: readonly number[]): number {
  let best = 0;
  let sum = 0;
  for (const s of turnScores) {
    best = Math.max(best, s);
    sum += s;
  }
  return best + Math.min(best, (sum - best) * 0.1);
}
