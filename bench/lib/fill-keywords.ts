/**
 * Fills a keywords file for a benchmark's memories with the product's own keywords call (the
 * prompt, batch size, schema and answer mapping of the "Add keywords" action), so the
 * keywords measured are the ones the extension would store. Callers pass only the memories
 * the file lacks (keyword-cache.ts, missingFrom): a run that stopped half-way goes on where it
 * stopped.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { keywordsCall } from '../../lib/add-keywords/keywords-call';
import { keywordBatches, keywordsOfBatch } from '../../lib/add-keywords/keywords-prompt';
import { cleanKeywords } from '../../lib/memory/keyword-list';
import type { BenchMemory } from './dataset';
import type { KeywordCache } from './keyword-cache';

export interface FillReport {
  asked: number;
  filled: number;
  /** Memories of batches whose answer was unusable (the reason is in `problems`). */
  failed: number;
  inputTokens: number;
  outputTokens: number;
  problems: string[];
}

export async function fillKeywords(
  client: Anthropic,
  cache: KeywordCache,
  missing: readonly BenchMemory[],
  /** Called after each batch, to write the file as it grows. */
  saved: (cache: KeywordCache) => void,
): Promise<FillReport> {
  const report: FillReport = {
    asked: missing.length,
    filled: 0,
    failed: 0,
    inputTokens: 0,
    outputTokens: 0,
    problems: [],
  };
  for (const batch of keywordBatches(missing)) {
    const result = await keywordsCall(
      client,
      cache.model,
      batch.map((m) => m.content),
      AbortSignal.timeout(120_000),
    );
    report.inputTokens += result.inputTokens;
    report.outputTokens += result.outputTokens;
    if (result.problem !== null) {
      report.failed += batch.length;
      report.problems.push(result.problem);
      continue;
    }
    for (const { item, keywords } of keywordsOfBatch(batch, result.answer)) {
      cache.keywords[item.id] = cleanKeywords(keywords);
      report.filled++;
    }
    saved(cache);
  }
  return report;
}
