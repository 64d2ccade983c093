/**
 * `npm run bench:scale [-- --json OUT]`: deterministic synthetic stores of 1,000,
 * 10,000 and 100,000 mixed English/Chinese memories in the product's MemoryIndex; index build
 * time, per-query latency (p50/p95 over 200 queries, after a warm-up) and heap used.
 * Run with `node --expose-gc` (the npm script does) so heap figures follow a collection.
 * Then the ranked preview at 10,000 memories in 20 spaces against the same store without
 * (scale-spaces.ts): p95 of each, and their ratio.
 */
import { performance } from 'node:perf_hooks';
import { MemoryIndex } from '../lib/ranking/retrieve';
import { parseArgs, table, writeJson } from './lib/cli';
import { percentile } from './lib/metrics';
import { syntheticQueries, syntheticStore } from './lib/synthetic';
import { measureSpaces } from './scale-spaces';

const SIZES = [1_000, 10_000, 100_000];
const QUERIES = 200;
const WARMUP = 20;
const NOW = Date.parse('2026-01-02T00:00:00.000Z');

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

function measure(size: number) {
  const store = syntheticStore(size);
  new MemoryIndex().upsert(store[0] as (typeof store)[number]); // compiles the tokenizer outside the figures
  const before = heapMb();
  const t0 = performance.now();
  const index = new MemoryIndex();
  for (const m of store) index.upsert(m);
  const buildMs = performance.now() - t0;
  const heapUsedMb = heapMb() - before;
  const queries = syntheticQueries(QUERIES + WARMUP, size);
  const times: number[] = [];
  queries.forEach((q, i) => {
    const s = performance.now();
    index.rank(q, { site: 'claude', now: NOW, limit: 10 });
    if (i >= WARMUP) times.push(performance.now() - s);
  });
  return {
    memories: size,
    buildMs,
    queryMs: { p50: percentile(times, 50), p95: percentile(times, 95) },
    heapUsedMb,
  };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const results = SIZES.map(measure);
  console.log(
    table(
      ['memories', 'build ms', 'query p50 ms', 'query p95 ms', 'index heap MB'],
      results.map((r) => [r.memories, r.buildMs, r.queryMs.p50, r.queryMs.p95, r.heapUsedMb]),
    ),
  );
  console.log(`(${QUERIES} queries per size after ${WARMUP} warm-up; Node ${process.version})`);
  const spaces = measureSpaces();
  console.log(
    table(
      ['ranked preview', 'p50 ms', 'p95 ms'],
      [
        ['no spaces (today)', spaces.previewP50Ms.today, spaces.previewP95Ms.today],
        [`${spaces.spaces} spaces, chat in one`, spaces.previewP50Ms.spaces, spaces.previewP95Ms.spaces],
      ],
    ),
  );
  console.log(
    `(${spaces.memories.toLocaleString('en')} memories, ${spaces.queries} queries each, in turn; p95 ratio spaces/today ${spaces.ratio.toFixed(3)})`,
  );
  writeJson(args.json, { queries: QUERIES, sizes: results, spaces });
}

main();
