/**
 * `npm run bench:tokens -- MEMORIES_FILE TURNS_FILE [--json OUT]`: for each query of
 * the memories file, the tokens of the block the product would inject (lib/ranking/select.ts at
 * the default budget) against the tokens of the case's whole conversation history (every turn
 * of the same case in the turns file); prints the median saving and the share of the query's
 * relevant memories that made it into the block. Tokens by the product's estimate, and by the
 * reference tokenizer (@anthropic-ai/tokenizer) for comparison.
 */

import { MemoryIndex } from '../lib/ranking/retrieve';
import { selectForInjection } from '../lib/ranking/select';
import { estimateTokens } from '../lib/ranking/tokens';
import { DEFAULT_BUDGET_TOKENS } from '../lib/settings/schema';
import { parseArgs, table, writeJson } from './lib/cli';
import { type BenchCase, caseNow, readBenchFile, toRecord } from './lib/dataset';
import { mean, median } from './lib/metrics';
import { referenceTokens } from './lib/reference-tokens';

interface Row {
  block: number;
  blockRef: number;
  history: number;
  historyRef: number;
  relevantShare: number;
  memories: number;
}

function historyText(turns: BenchCase): string {
  return turns.memories.map((t) => t.content).join('\n');
}

function measureCase(c: BenchCase, turns: BenchCase): Row[] {
  const index = new MemoryIndex();
  for (const m of c.memories) index.upsert(toRecord(m));
  const history = historyText(turns);
  const historyTokens = estimateTokens(history);
  const historyRef = referenceTokens(history);
  const now = caseNow(c);
  return c.queries.map((q) => {
    const s = selectForInjection(index, q.text, {
      site: null,
      now,
      budgetTokens: DEFAULT_BUDGET_TOKENS,
      privacyPatterns: [],
    });
    const ids = new Set(s.items.map((i) => i.memory.id));
    const found = q.relevant.filter((id) => ids.has(id)).length;
    return {
      block: s.tokens,
      blockRef: s.block ? referenceTokens(s.block) : 0,
      history: historyTokens,
      historyRef,
      relevantShare: q.relevant.length ? found / q.relevant.length : 0,
      memories: s.items.length,
    };
  });
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const [memFile, turnsFile] = args.files;
  if (!memFile || !turnsFile) throw new Error('usage: bench:tokens MEMORIES_FILE TURNS_FILE [--json OUT]');
  const mem = readBenchFile(memFile);
  const turns = new Map(readBenchFile(turnsFile).cases.map((c) => [c.id, c]));
  const rows: Row[] = [];
  for (const c of mem.cases) {
    const t = turns.get(c.id);
    if (!t) throw new Error(`${turnsFile} has no case ${c.id}`);
    rows.push(...measureCase(c, t));
  }
  const savings = rows.map((r) => 1 - r.block / r.history);
  const savingsRef = rows.map((r) => 1 - r.blockRef / r.historyRef);
  const result = {
    queries: rows.length,
    budgetTokens: DEFAULT_BUDGET_TOKENS,
    medianSavings: median(savings),
    medianSavingsReference: median(savingsRef),
    relevantInBlock: mean(rows.map((r) => r.relevantShare)),
    medianBlockTokens: median(rows.map((r) => r.block)),
    medianHistoryTokens: median(rows.map((r) => r.history)),
    medianMemoriesInBlock: median(rows.map((r) => r.memories)),
  };
  console.log(
    table(
      [
        'queries',
        'budget',
        'block tokens (median)',
        'history tokens (median)',
        'savings (median)',
        'savings, reference tokenizer',
        'relevant in block',
        'memories in block (median)',
      ],
      [
        [
          result.queries,
          result.budgetTokens,
          result.medianBlockTokens,
          result.medianHistoryTokens,
          result.medianSavings,
          result.medianSavingsReference,
          result.relevantInBlock,
          result.medianMemoriesInBlock,
        ],
      ],
    ),
  );
  writeJson(args.json, result);
}

main();
