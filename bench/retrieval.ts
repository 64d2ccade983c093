/**
 * `npm run bench:retrieval -- FILE [--json OUT]`: ranks each case's memories for each
 * of its queries with the product ranker (lib/ranking/retrieve.ts, exactly as the extension runs
 * it) and the two baselines; prints recall@5/10, MRR, nDCG@10 and per-query latency.
 */
import { performance } from 'node:perf_hooks';
import { MemoryIndex } from '../lib/ranking/retrieve';
import { type ScoreWeights, WEIGHTS } from '../lib/ranking/weights';
import { bm25Ranker, type Ranker, seedRanker } from './lib/baselines';
import { parseArgs, table, writeJson } from './lib/cli';
import { type BenchCase, caseNow, readBenchFile, toRecord } from './lib/dataset';
import { mean, ndcgAt, percentile, recallAt, reciprocalRank } from './lib/metrics';

const RANKERS = ['claude-mem', 'bm25', 'seed'] as const;
/** Printed, not in the JSON: the product ranker with its thesaurus off, to show what it adds. */
const ABLATION = 'claude-mem, no thesaurus';
type RankerName = (typeof RANKERS)[number];

interface Sample {
  r5: number;
  r10: number;
  rr: number;
  ndcg: number;
  ms: number;
  category: string;
}

function productRanker(c: BenchCase, weights?: ScoreWeights): Ranker {
  const index = new MemoryIndex();
  for (const m of c.memories) index.upsert(toRecord(m));
  const now = caseNow(c);
  return (query) => index.rank(query, { site: null, now, limit: 10, weights }).map((r) => r.memory.id);
}

function rankersFor(c: BenchCase): Record<RankerName | typeof ABLATION, Ranker> {
  return {
    'claude-mem': productRanker(c),
    bm25: bm25Ranker(c.memories),
    seed: seedRanker(c.memories, caseNow(c)),
    [ABLATION]: productRanker(c, { ...WEIGHTS, expansion: 0 }),
  };
}

const ALL = [...RANKERS, ABLATION] as const;

function evaluate(cases: readonly BenchCase[]): Record<(typeof ALL)[number], Sample[]> {
  const out: Record<(typeof ALL)[number], Sample[]> = { 'claude-mem': [], bm25: [], seed: [], [ABLATION]: [] };
  for (const c of cases) {
    const rankers = rankersFor(c);
    for (const q of c.queries) {
      const relevant = new Set(q.relevant);
      for (const name of ALL) {
        const t0 = performance.now();
        const ranked = rankers[name](q.text);
        const ms = performance.now() - t0;
        out[name].push({
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
  return {
    'recall@5': mean(samples.map((s) => s.r5)),
    'recall@10': mean(samples.map((s) => s.r10)),
    mrr: mean(samples.map((s) => s.rr)),
    'ndcg@10': mean(samples.map((s) => s.ndcg)),
    latencyMs: {
      p50: percentile(
        samples.map((s) => s.ms),
        50,
      ),
      p95: percentile(
        samples.map((s) => s.ms),
        95,
      ),
    },
  };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const file = args.files[0];
  if (!file) throw new Error('usage: bench:retrieval FILE [--json OUT]');
  const data = readBenchFile(file);
  const results = evaluate(data.cases);
  const rankers = Object.fromEntries(RANKERS.map((n) => [n, summary(results[n])]));
  const queries = results['claude-mem'].length;
  console.log(`${data.name}: ${data.cases.length} cases, ${queries} queries`);
  const rows = ALL.map((n) => {
    const s = summary(results[n]);
    return [n, s['recall@5'], s['recall@10'], s.mrr, s['ndcg@10'], s.latencyMs.p50, s.latencyMs.p95];
  });
  console.log(table(['ranker', 'R@5', 'R@10', 'MRR', 'nDCG@10', 'p50 ms', 'p95 ms'], rows));
  console.log(`\nclaude-mem by category (R@5 / MRR):`);
  const cats = [...new Set(results['claude-mem'].map((s) => s.category))];
  const catRows = cats.map((cat) => {
    const row: (string | number)[] = [cat, results['claude-mem'].filter((s) => s.category === cat).length];
    for (const n of RANKERS) {
      const s = results[n].filter((x) => x.category === cat);
      row.push(`${mean(s.map((x) => x.r5)).toFixed(3)} / ${mean(s.map((x) => x.rr)).toFixed(3)}`);
    }
    return row;
  });
  console.log(table(['category', 'n', ...RANKERS], catRows));
  writeJson(args.json, { queries, rankers });
}

main();
