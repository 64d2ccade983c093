/**
 * Runs the time-window set (time-window-set.ts) with the product ranker, without the time part
 * (before) and with it (after), and prints each half's figures by kind and language: R@10, MRR,
 * nDCG@10 and P@10 (the share of the first ten that are from the window: a window holds more
 * memories than ten).
 */
import { MemoryIndex } from '../../lib/ranking/retrieve';
import { TIME_WEIGHTS, type TimeWeights } from '../../lib/ranking/time-score';
import { table } from './cli';
import { type BenchCase, toRecord } from './dataset';
import { mean, ndcgAt, recallAt, reciprocalRank } from './metrics';
import type { Half } from './split';
import { type Lang, timeWindowRequests, type WindowRequest } from './time-window-set';

/** Before: the request's time not read at all, as ranking was before it knew time. */
const OFF = null;

interface Row {
  group: string;
  r10: number;
  rr: number;
  ndcg: number;
  p10: number;
}

function precisionAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / k;
}

function run(c: BenchCase, requests: readonly WindowRequest[], time: TimeWeights | null): Row[] {
  const index = new MemoryIndex();
  for (const m of c.memories) index.upsert(toRecord(m));
  return requests.map((q) => {
    const ranked = index
      .rank(q.text, { site: null, now: q.now, limit: 10, exclude: q.future, time, timeZone: 'UTC' })
      .map((r) => r.memory.id);
    const relevant = new Set(q.relevant);
    return {
      group: `${q.kind} · ${q.lang}`,
      r10: recallAt(ranked, relevant, 10),
      rr: reciprocalRank(ranked, relevant),
      ndcg: ndcgAt(ranked, relevant, 10),
      p10: precisionAt(ranked, relevant, 10),
    };
  });
}

const fmt = (rows: readonly Row[], key: keyof Omit<Row, 'group'>) => mean(rows.map((r) => r[key])).toFixed(3);

export function reportTimeWindows(half: Half, cases: readonly BenchCase[], fileLang: Lang, time = TIME_WEIGHTS) {
  const before: Row[] = [];
  const after: Row[] = [];
  for (const c of cases) {
    const requests = timeWindowRequests(c, fileLang);
    before.push(...run(c, requests, OFF));
    after.push(...run(c, requests, time));
  }
  const groups = [...new Set(after.map((r) => r.group))].sort();
  console.log(`\n${half} half, time-window set (${after.length} requests): before → after (time part)`);
  const rows = ['all', ...groups].map((g) => {
    const b = g === 'all' ? before : before.filter((r) => r.group === g);
    const a = g === 'all' ? after : after.filter((r) => r.group === g);
    return [g, a.length, ...(['r10', 'rr', 'ndcg', 'p10'] as const).map((k) => `${fmt(b, k)} → ${fmt(a, k)}`)];
  });
  console.log(table(['requests', 'n', 'R@10', 'MRR', 'nDCG@10', 'P@10'], rows));
  return Object.fromEntries(
    ['all', ...groups].map((g) => {
      const a = g === 'all' ? after : after.filter((r) => r.group === g);
      const b = g === 'all' ? before : before.filter((r) => r.group === g);
      return [
        g,
        {
          before: { mrr: mean(b.map((r) => r.rr)), p10: mean(b.map((r) => r.p10)) },
          after: { mrr: mean(a.map((r) => r.rr)), p10: mean(a.map((r) => r.p10)) },
        },
      ];
    }),
  );
}
