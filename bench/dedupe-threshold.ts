/**
 * Measures the near-duplicate threshold (lib/extraction/similarity.ts) on the labelled pairs in
 * tests/fixtures/extraction/dedupe-pairs.json. For each threshold it prints how well
 * `relation()` separates "the same memory" (duplicate or a new version of it: one memory
 * should stay active) from distinct memories, and the three-way accuracy. The chosen value is
 * the best F1 on "same memory", ties going to the stricter (higher) threshold, because a
 * wrong merge hides a true memory while a missed one only leaves a near-copy to clean up.
 *
 *   npx tsx bench/dedupe-threshold.ts [pairs.json]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DUPLICATE_THRESHOLD, type Relation, relation, similarity } from '../lib/extraction/similarity';

interface Pair {
  type: string;
  older: string;
  newer: string;
  label: Relation;
}

const file = resolve(process.argv[2] ?? 'tests/fixtures/extraction/dedupe-pairs.json');
const pairs = (JSON.parse(readFileSync(file, 'utf8')) as { pairs: Pair[] }).pairs;

interface Row {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  dupF1: number;
  accuracy: number;
  wrongMerges: number;
}

function f1(tp: number, fp: number, fn: number) {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

function measure(threshold: number, subset: readonly Pair[] = pairs): Row {
  let tp = 0,
    fp = 0,
    fn = 0,
    dtp = 0,
    dfp = 0,
    dfn = 0,
    correct = 0,
    wrongMerges = 0;
  for (const p of subset) {
    const got = relation(p.older, p.newer, threshold);
    const same = got !== 'distinct';
    const truth = p.label !== 'distinct';
    if (same && truth) tp++;
    if (same && !truth) {
      fp++;
      wrongMerges++;
    }
    if (!same && truth) fn++;
    if (got === 'duplicate' && p.label === 'duplicate') dtp++;
    if (got === 'duplicate' && p.label !== 'duplicate') dfp++;
    if (got !== 'duplicate' && p.label === 'duplicate') dfn++;
    if (got === p.label) correct++;
  }
  return { threshold, ...f1(tp, fp, fn), dupF1: f1(dtp, dfp, dfn).f1, accuracy: correct / subset.length, wrongMerges };
}

const THRESHOLDS = Array.from({ length: 14 }, (_, i) => Math.round((0.3 + i * 0.05) * 100) / 100);

function bestOf(rows: Row[]): Row {
  return rows.reduce((a, b) => (b.f1 > a.f1 || (b.f1 === a.f1 && b.threshold > a.threshold) ? b : a));
}

const rows = THRESHOLDS.map((t) => measure(t));
const best = bestOf(rows);

const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}%`;
console.log(`${pairs.length} labelled pairs from ${file}`);
console.log('threshold  same-memory P     R     F1  | duplicate F1 | 3-way acc | wrong merges');
for (const r of rows) {
  const mark = r === best ? ' <- best' : r.threshold === DUPLICATE_THRESHOLD ? ' <- in use' : '';
  console.log(
    `   ${r.threshold.toFixed(2)}    ${pct(r.precision)} ${pct(r.recall)} ${pct(r.f1)} |   ${pct(r.dupF1)}    |  ${pct(r.accuracy)}   | ${String(r.wrongMerges).padStart(3)}${mark}`,
  );
}
console.log(`\nbest threshold: ${best.threshold.toFixed(2)}; in use: DUPLICATE_THRESHOLD = ${DUPLICATE_THRESHOLD}`);
// Stability: the same choice made on each half of the pairs alone (no held-out set otherwise).
for (const [name, half] of [
  ['even', pairs.filter((_, i) => i % 2 === 0)],
  ['odd', pairs.filter((_, i) => i % 2 === 1)],
] as const) {
  const b = bestOf(THRESHOLDS.map((t) => measure(t, half)));
  const other = measure(
    b.threshold,
    pairs.filter((p) => !half.includes(p)),
  );
  console.log(
    `  chosen on ${name} half: ${b.threshold.toFixed(2)} (F1 ${pct(b.f1)}); on the other half it scores F1 ${pct(other.f1)}`,
  );
}

// The pairs the chosen threshold gets wrong, to read before changing anything.
for (const p of pairs) {
  const got = relation(p.older, p.newer, best.threshold);
  if (got !== p.label)
    console.log(`  ${p.label} → ${got} (sim ${similarity(p.older, p.newer).toFixed(2)}): ${p.older} | ${p.newer}`);
}
