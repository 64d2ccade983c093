/**
 * The fixed tuning / validation split of every benchmark file: by case (a LoCoMo conversation,
 * a zh persona), never by query, so no store is seen on both sides. The 1st, 3rd, 5th… case of
 * the file are the tuning half, the others the validation half. Weights, cues
 * and word lists may be tuned on the first only; the figures to report are the second's.
 */
import type { BenchCase } from './dataset';

export const HALVES = ['tuning', 'validation'] as const;
export type Half = (typeof HALVES)[number];

function halfOf(position: number): Half {
  return position % 2 === 0 ? 'tuning' : 'validation';
}

export function splitCases(cases: readonly BenchCase[]): Record<Half, BenchCase[]> {
  const out: Record<Half, BenchCase[]> = { tuning: [], validation: [] };
  cases.forEach((c, i) => {
    out[halfOf(i)].push(c);
  });
  return out;
}
