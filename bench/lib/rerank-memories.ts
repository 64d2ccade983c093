/**
 * bench:retrieval's judging pass: for each request, the memories the extension would offer the
 * model (the product ranker's best 40 for the request alone: the first call of a conversation
 * start has no earlier keywords), the request written and its answer read (bench/lib/rerank.ts),
 * and the ranking the block would take: the picks in the model's order (those the ranker still
 * returns with the answer's keywords), then the ranker's relevant rest, then the remaining ranked
 * (so recall@10 is measured on a full list). A request with no usable answer keeps the ranking
 * without a model (with the request keywords file's keywords when one is given).
 */
import type { RankedMemory } from '../../lib/ranking/ranked';
import { MemoryIndex } from '../../lib/ranking/retrieve';
import { judgeCandidates } from '../../lib/request-keywords/judge-candidates';
import { judgedMemories } from '../../lib/request-keywords/judged-selection';
import { type BenchCase, caseNow, toRecord } from './dataset';
import type { RequestKeywordsFile } from './request-keywords-file';
import { type RerankDirs, RerankTally } from './rerank';
import { HALVES, type Half } from './split';

/** As the block ranks (lib/ranking/select.ts): enough for 40 candidates and the fill. */
const LIMIT = 50;
/** As long as the other rankers' lists (bench/retrieval.ts ranks 10), so MRR and recall compare. */
const LISTED = 10;

function judgedList(ranked: readonly RankedMemory[], picks: readonly string[] | null): string[] {
  if (!picks) return ranked.map((r) => r.memory.id);
  const first = judgedMemories(ranked, picks);
  const taken = new Set(first);
  return [...first, ...ranked.filter((r) => !taken.has(r))].map((r) => r.memory.id);
}

/** The judged ranking of every request of these cases, by request id. */
export function rerankCases(
  cases: readonly BenchCase[],
  tally: RerankTally,
  requests: RequestKeywordsFile | null,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of cases) {
    const index = new MemoryIndex();
    for (const m of c.memories) index.upsert(toRecord(m));
    const now = caseNow(c);
    const rank = (text: string, requestKeywords?: readonly string[]) =>
      index.rank(text, { site: null, now, limit: LIMIT, requestKeywords });
    for (const q of c.queries) {
      const candidates = judgeCandidates(rank(q.text), [], []);
      const shown = q.relevant.filter((id) => candidates.memories.some((m) => m.id === id)).length;
      const answer = tally.take(q.id, q.text, candidates, shown / Math.max(1, q.relevant.length));
      out.set(
        q.id,
        answer?.kind === 'judged'
          ? judgedList(rank(q.text, answer.keywords), answer.picks.memories).slice(0, LISTED)
          : rank(q.text, requests?.keywords[q.id])
              .slice(0, LISTED)
              .map((r) => r.memory.id),
      );
    }
  }
  return out;
}

/** Every request of both halves judged, and each half's tally (and the whole file's). */
export function rerankHalves(
  halves: Record<Half, BenchCase[]>,
  dirs: RerankDirs,
  requests: RequestKeywordsFile | null,
): { reranked: Map<string, string[]>; tallies: Record<Half | 'whole', RerankTally> } {
  const tallies = { tuning: new RerankTally(dirs), validation: new RerankTally(dirs), whole: new RerankTally(dirs) };
  const reranked = new Map<string, string[]>();
  for (const half of HALVES) {
    for (const [id, list] of rerankCases(halves[half], tallies[half], requests)) reranked.set(id, list);
    tallies.whole.merge(tallies[half]);
  }
  return { reranked, tallies };
}
