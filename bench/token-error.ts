/**
 * `node --import tsx bench/token-error.ts FILE...`: error of the product's token estimate
 * (lib/ranking/tokens.ts) against the reference tokenizer, per text, split into texts with
 * Chinese/Japanese characters and texts without; the figures quoted in docs/benchmarks.md.
 */
import { hasCjk } from '../lib/cjk';
import { estimateTokens } from '../lib/ranking/tokens';
import { table } from './lib/cli';
import { readBenchFile } from './lib/dataset';
import { mean, percentile } from './lib/metrics';
import { referenceTokens } from './lib/reference-tokens';

function main(): void {
  const texts: string[] = [];
  for (const file of process.argv.slice(2)) {
    for (const c of readBenchFile(file).cases)
      texts.push(...c.memories.map((m) => m.content), ...c.queries.map((q) => q.text));
  }
  const groups: Record<string, number[]> = { chinese: [], english: [] };
  for (const t of texts) {
    const ref = referenceTokens(t);
    if (ref === 0) continue;
    groups[hasCjk(t) ? 'chinese' : 'english']?.push((estimateTokens(t) - ref) / ref);
  }
  const rows = Object.entries(groups).map(([name, errs]) => {
    const abs = errs.map(Math.abs);
    return [name, errs.length, percentile(abs, 50), percentile(abs, 95), mean(errs)];
  });
  console.log(table(['texts', 'n', 'median |error|', 'p95 |error|', 'mean error (bias)'], rows));
}

main();
