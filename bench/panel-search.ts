/**
 * How long the side panel's search/filter/sort pass takes over 10,000 memories, keystroke by
 * keystroke, in Node (the pure function the panel runs; no DOM). Prints figures, asserts
 * nothing. The e2e measurement (tests/e2e/sidepanel-scale.test.ts) adds rendering on top.
 *   npx tsx bench/panel-search.ts [count]
 */
import { HayCache, NO_FILTERS, runQuery } from '../entrypoints/sidepanel/models/memory-query';
import type { MemoryRecord } from '../lib/memory/types';
import { bigStoreFile } from '../tests/e2e/harness/big-store';

const n = Number(process.argv[2] ?? 10_000);
const all = bigStoreFile(n).memories.map((m) => ({ ...m, feedback: 0 }) as MemoryRecord);
const QUERIES = ['postgres', 'marathon training', 'fastapi detail 12', '成都', '钢琴课', '成都的房子', '京都 旅行'];

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

const cache = new HayCache();
let t0 = performance.now();
runQuery(all, { query: '', filters: NO_FILTERS, sort: 'newest' }, cache);
const cold = performance.now() - t0;

const times: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const q of QUERIES) {
    for (let k = 1; k <= q.length; k++) {
      t0 = performance.now();
      const r = runQuery(all, { query: q.slice(0, k), filters: NO_FILTERS, sort: 'relevance' }, cache);
      times.push(performance.now() - t0);
      if (round === 0 && k === q.length) console.log(`  "${q}": ${r.items.length} matches`);
    }
  }
}
times.sort((a, b) => a - b);
t0 = performance.now();
runQuery(all, { query: '', filters: { ...NO_FILTERS, type: 'task', status: 'active' }, sort: 'hits' }, cache);
const filter = performance.now() - t0;
console.log(`panel search over ${n} memories (Node ${process.version}):`);
console.log(`  first pass (normalising every memory): ${cold.toFixed(1)} ms`);
console.log(
  `  per keystroke: p50 ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms, max ${times.at(-1)?.toFixed(2)} ms over ${times.length} keystrokes`,
);
console.log(`  filter type=task status=active, sort by hits: ${filter.toFixed(2)} ms`);
