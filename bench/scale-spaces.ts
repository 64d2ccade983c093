/**
 * The ranked preview at 10,000 memories in 20 spaces against the same store with no spaces,
 * in one run: what `inject.preview` and `inject.prepare` do (selectForInjection over the
 * product's MemoryIndex), per query, the two stores asked in turn so that both see the same
 * machine. "Today": no memory has a space and no filter is passed. "Spaces": every 21st memory
 * is Everywhere's, the rest spread over 20 spaces, and the chat is in one of them
 * (filterOf(reachOf(…)), as injection ranks).
 */
import { performance } from 'node:perf_hooks';
import { filterOf, reachOf, type Space, spaceRecord } from '../lib/memory/spaces';
import { MemoryIndex } from '../lib/ranking/retrieve';
import { selectForInjection } from '../lib/ranking/select';
import { percentile } from './lib/metrics';
import { syntheticQueries, syntheticStore } from './lib/synthetic';

const SIZE = 10_000;
const SPACES = 20;
const QUERIES = 400;
const WARMUP = 40;
const NOW = Date.parse('2026-01-02T00:00:00.000Z');
const AT = '2026-01-01T00:00:00.000Z';

function space(i: number): Space {
  return spaceRecord({ id: `sp-bench-${i}`, name: `Space ${i}` }, AT);
}

export function measureSpaces() {
  const spaces = Array.from({ length: SPACES }, (_, i) => space(i));
  const plain = syntheticStore(SIZE);
  const spaced = plain.map((m, i) => (i % (SPACES + 1) === SPACES ? m : { ...m, space: spaces[i % (SPACES + 1)]!.id }));
  const today = new MemoryIndex();
  for (const m of plain) today.upsert(m);
  const withSpaces = new MemoryIndex();
  for (const m of spaced) withSpaces.upsert(m);
  const filter = filterOf(reachOf(spaces[3]!.id, spaces, NOW));
  const opts = { site: 'claude' as const, now: NOW, budgetTokens: 800, privacyPatterns: [] };
  const times = { today: [] as number[], spaces: [] as number[] };
  syntheticQueries(QUERIES + WARMUP, SIZE).forEach((q, i) => {
    // Asked in turn, first one then the other first, so neither always runs on a warmer cache.
    const order = i % 2 === 0 ? (['today', 'spaces'] as const) : (['spaces', 'today'] as const);
    for (const which of order) {
      const s = performance.now();
      if (which === 'today') selectForInjection(today, q, opts);
      else selectForInjection(withSpaces, q, { ...opts, spaces: filter });
      if (i >= WARMUP) times[which].push(performance.now() - s);
    }
  });
  const p95 = { today: percentile(times.today, 95), spaces: percentile(times.spaces, 95) };
  return {
    memories: SIZE,
    spaces: SPACES,
    queries: QUERIES,
    previewP95Ms: p95,
    previewP50Ms: { today: percentile(times.today, 50), spaces: percentile(times.spaces, 50) },
    ratio: p95.spaces / p95.today,
  };
}
