/**
 * `npm run bench:retrieval -- FILE [--json OUT]`: ranks each case's memories for each of its
 * queries with the product ranker (lib/ranking/retrieve.ts, exactly as the extension runs it)
 * and the baselines; prints recall@5/10, MRR, nDCG@10 and per-query latency for the tuning and
 * the validation half of the file (bench/lib/split.ts), overall and per category. For files
 * with Chinese or Japanese text, BM25 is printed twice: over whitespace tokens and over the fair
 * CJK-aware tokens (segmenter words + character bigrams); the fair one is the baseline to beat.
 * With `--keywords FILE` (npm run bench:keywords) the memories carry the model keywords the
 * extension would have stored with them, and the product ranker is printed with and without them
 * side by side, for each half, overall and per category, next to the fair baselines.
 * With `--request-keywords FILE` as well, the product ranker is printed a third way, with each
 * request's model keywords as their own query field (lib/ranking/request-keywords.ts), and with
 * them appended to the request's text (the crude use, for reference): memory keywords, request
 * keywords too, and neither, side by side.
 * Every run also prints the product ranker without its time part (before/after in one run),
 * the temporal questions (LoCoMo category 2) on their own, and the time-window set built from
 * the file's dated memories (bench/lib/time-window-set.ts), before and after the time part, for
 * each half.
 * With `--rerank-prompts DIR` each request's judging call (the request keywords call shown the
 * ranker's best 40 memories) is written as it would be sent, and with `--rerank-answers DIR` the
 * model's answers are read and the product is printed a fourth way, the model's picks first
 * (bench/lib/rerank-memories.ts); requests without a usable answer fall back and are counted.
 * Both print the call's input tokens before (keywords only) and after (judging). The halves
 * are printed, then the whole file.
 */
import { performance } from 'node:perf_hooks';
import { MemoryIndex } from '../lib/ranking/retrieve';
import type { TimeWeights } from '../lib/ranking/time-score';
import { type ScoreWeights, WEIGHTS } from '../lib/ranking/weights';
import { bm25Ranker, cjkAwareTokens, hasCjk, type Ranker, seedRanker } from './lib/baselines';
import { parseArgs, table, writeJson } from './lib/cli';
import { type BenchCase, type BenchQuery, caseNow, readBenchFile, toRecord } from './lib/dataset';
import { readKeywordCache, withKeywords } from './lib/keyword-cache';
import { mean, ndcgAt, percentile, recallAt, reciprocalRank } from './lib/metrics';
import { type RequestKeywordsFile, readRequestKeywords } from './lib/request-keywords-file';
import { HALVES, splitCases } from './lib/split';
import { reportTimeWindows } from './lib/time-window-run';

const PRODUCT = 'claude-mem';
const BM25 = 'bm25 (whitespace)';
const BM25_FAIR = 'bm25 (CJK-aware)';
const SEED = 'seed';
/** The product ranker with its time part off (lib/ranking/time-score.ts): before and after, in one run. */
const NO_TIME = 'claude-mem, no time part';
/** LoCoMo's category 2: questions about when (its temporal questions), reported on their own. */
const TEMPORAL = 'temporal';
/** The product ranker with its thesaurus off, to show what it adds. */
const ABLATION = 'claude-mem, no thesaurus';
/** With a keywords file: the product ranker over the same memories without their keywords. */
const NO_KEYWORDS = 'claude-mem, no keywords';
/** With a request keywords file: the product ranker with each request's keywords as a query field. */
const WITH_REQUEST = 'claude-mem + request keywords';
/** The same keywords appended to the request's text: what a query field of their own is measured against. */
const APPENDED = 'claude-mem, request keywords appended';
/** With rerank answers: the model's picks first, then the ranker's next best. */
const RERANKED = 'claude-mem + rerank';

/** A ranker that may read the query's id (its request keywords), not only its text. */
type QueryRanker = (q: BenchQuery) => string[];

interface Sample {
  r5: number;
  r10: number;
  rr: number;
  ndcg: number;
  ms: number;
  category: string;
}

function productRanker(
  c: BenchCase,
  weights?: ScoreWeights,
  requests?: RequestKeywordsFile,
  time?: TimeWeights | null,
): QueryRanker {
  const index = new MemoryIndex();
  for (const m of c.memories) index.upsert(toRecord(m));
  const now = caseNow(c);
  // The bench's days are UTC days (its files' times are UTC), whatever zone it runs in.
  return (q) =>
    index
      .rank(q.text, {
        site: null,
        now,
        limit: 10,
        weights,
        requestKeywords: requests?.keywords[q.id],
        time,
        timeZone: 'UTC',
      })
      .map((r) => r.memory.id);
}

function appendedRanker(c: BenchCase, requests: RequestKeywordsFile): QueryRanker {
  const rank = productRanker(c);
  return (q) => rank({ ...q, text: [q.text, ...(requests.keywords[q.id] ?? [])].join(' ') });
}

/** The product with and without keywords side by side, then the fair baselines, then the rest. */
function rankerNames(cjk: boolean, keywords: boolean, requests: boolean, reranked: boolean): string[] {
  return [
    ...(reranked ? [RERANKED] : []),
    ...(requests ? [WITH_REQUEST] : []),
    PRODUCT,
    ...(keywords ? [NO_KEYWORDS] : []),
    ...(requests ? [APPENDED] : []),
    NO_TIME,
    ...(cjk ? [BM25_FAIR, BM25] : [BM25]),
    SEED,
    ABLATION,
  ];
}

function withoutKeywords(c: BenchCase): BenchCase {
  return { ...c, memories: c.memories.map(({ keywords: _drop, ...m }) => m) };
}

function byText(rank: Ranker): QueryRanker {
  return (q) => rank(q.text);
}

function rankersFor(
  c: BenchCase,
  names: readonly string[],
  cjk: boolean,
  requests: RequestKeywordsFile | null,
  reranked: ReadonlyMap<string, string[]> | null,
): Record<string, QueryRanker> {
  const out: Record<string, QueryRanker> = {
    [PRODUCT]: productRanker(c),
    [BM25]: byText(bm25Ranker(c.memories)),
    [SEED]: byText(seedRanker(c.memories, caseNow(c))),
    [ABLATION]: productRanker(c, { ...WEIGHTS, expansion: 0 }),
    [NO_TIME]: productRanker(c, WEIGHTS, undefined, null),
  };
  if (cjk) out[BM25_FAIR] = byText(bm25Ranker(c.memories, { tokens: cjkAwareTokens, activeOnly: true }));
  if (names.includes(NO_KEYWORDS)) out[NO_KEYWORDS] = productRanker(withoutKeywords(c));
  if (requests) {
    out[WITH_REQUEST] = productRanker(c, WEIGHTS, requests);
    out[APPENDED] = appendedRanker(c, requests);
  }
  if (reranked) out[RERANKED] = (q) => reranked.get(q.id) ?? [];
  return out;
}

function evaluate(
  cases: readonly BenchCase[],
  names: readonly string[],
  cjk: boolean,
  requests: RequestKeywordsFile | null,
  reranked: ReadonlyMap<string, string[]> | null,
): Record<string, Sample[]> {
  const out: Record<string, Sample[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const c of cases) {
    const rankers = rankersFor(c, names, cjk, requests, reranked);
    for (const q of c.queries) {
      const relevant = new Set(q.relevant);
      for (const name of names) {
        const t0 = performance.now();
        const ranked = (rankers[name] as QueryRanker)(q);
        const ms = performance.now() - t0;
        out[name]?.push({
          r5: recallAt(ranked, relevant, 5),
          r10: recallAt(ranked, relevant, 10),
          rr: reciprocalRank(ranked, relevant),
          ndcg: ndcgAt(ranked, relevant, 10),
          ms,
          category: q.categoryName ?? String(q.category ?? '-'),
        });
      }
    }
  }
  return out;
}

function summary(samples: readonly Sample[]) {
  const ms = samples.map((s) => s.ms);
  return {
    'recall@5': mean(samples.map((s) => s.r5)),
    'recall@10': mean(samples.map((s) => s.r10)),
    mrr: mean(samples.map((s) => s.rr)),
    'ndcg@10': mean(samples.map((s) => s.ndcg)),
    latencyMs: { p50: percentile(ms, 50), p95: percentile(ms, 95) },
  };
}

function report(title: string, results: Record<string, Sample[]>, names: readonly string[]) {
  const product = results[names[0] as string] ?? [];
  console.log(`\n## ${title}: ${product.length} queries`);
  const rows = names.map((n) => {
    const s = summary(results[n] ?? []);
    return [n, s['recall@5'], s['recall@10'], s.mrr, s['ndcg@10'], s.latencyMs.p50, s.latencyMs.p95];
  });
  console.log(table(['ranker', 'R@5', 'R@10', 'MRR', 'nDCG@10', 'p50 ms', 'p95 ms'], rows));
  const shown = names.filter((n) => n !== ABLATION);
  console.log(`\n${title} by category (R@5 / MRR):`);
  const cats = [...new Set(product.map((s) => s.category))];
  const catRows = cats.map((cat) => {
    const row: (string | number)[] = [cat, product.filter((s) => s.category === cat).length];
    for (const n of shown) {
      const s = (results[n] ?? []).filter((x) => x.category === cat);
      row.push(`${mean(s.map((x) => x.r5)).toFixed(3)} / ${mean(s.map((x) => x.rr)).toFixed(3)}`);
    }
    return row;
  });
  console.log(table(['category', 'n', ...shown], catRows));
  reportTemporal(title, results);
  return Object.fromEntries(names.map((n) => [n, summary(results[n] ?? [])]));
}

/** The questions about when on their own: without the time part (before) → with it (after). */
function reportTemporal(title: string, results: Record<string, Sample[]>) {
  const after = (results[PRODUCT] ?? []).filter((s) => s.category === TEMPORAL);
  const before = (results[NO_TIME] ?? []).filter((s) => s.category === TEMPORAL);
  if (after.length === 0) return;
  const cell = (k: 'r5' | 'r10' | 'rr' | 'ndcg') =>
    `${mean(before.map((s) => s[k])).toFixed(3)} → ${mean(after.map((s) => s[k])).toFixed(3)}`;
  console.log(`\n${title}, temporal questions (LoCoMo category 2), before → after (time part):`);
  console.log(
    table(['n', 'R@5', 'R@10', 'MRR', 'nDCG@10'], [[after.length, cell('r5'), cell('r10'), cell('rr'), cell('ndcg')]]),
  );
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const file = args.files[0];
  if (!file) throw new Error('usage: bench:retrieval FILE [--keywords KW] [--request-keywords RKW] [--json OUT]');
  const data = readBenchFile(file);
  const cjk = data.cases.some((c) => c.memories.some((m) => hasCjk(m.content)));
  const rerank = args.rerankPrompts !== null || args.rerankAnswers !== null;
  const names = rankerNames(cjk, args.keywords !== null, args.requestKeywords !== null, args.rerankAnswers !== null);
  let cases = data.cases;
  console.log(`${data.name}: ${data.cases.length} cases`);
  if (args.keywords) {
    const cache = readKeywordCache(args.keywords);
    const applied = withKeywords(cases, cache);
    cases = applied.cases;
    console.log(
      `model keywords from ${args.keywords} (${cache.model}, prompt ${cache.prompt}): ${applied.covered} of ${applied.total} memories`,
    );
  }
  const requests = args.requestKeywords ? readRequestKeywords(args.requestKeywords) : null;
  if (requests) {
    const queries = cases.flatMap((c) => c.queries);
    const covered = queries.filter((q) => q.id in requests.keywords).length;
    console.log(
      `request keywords from ${args.requestKeywords} (${requests.model}, prompt ${requests.prompt}): ${covered} of ${queries.length} requests`,
    );
  }
  const halves = splitCases(cases);
  const json: Record<string, unknown> = {};
  const dirs = { prompts: args.rerankPrompts, answers: args.rerankAnswers };
  // Loaded only when asked for: the judging prompt is a Markdown template (bench/lib/raw-register.mjs).
  const judged = rerank ? (await import('./lib/rerank-memories')).rerankHalves(halves, dirs, requests) : null;
  for (const half of [...HALVES, 'whole'] as const) {
    const inHalf = half === 'whole' ? cases : halves[half];
    const title = half === 'whole' ? 'whole file' : `${half} half (${inHalf.map((c) => c.id).join(', ')})`;
    const out: Record<string, unknown> = report(
      title,
      evaluate(inHalf, names, cjk, requests, judged?.reranked ?? null),
      names,
    );
    if (judged) out.rerank = judged.tallies[half].print(title);
    json[half] = out;
  }
  for (const half of HALVES) json[`${half} time windows`] = reportTimeWindows(half, halves[half], cjk ? 'zh' : 'en');
  writeJson(args.json, json);
}

await main();
