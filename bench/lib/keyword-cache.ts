/**
 * Model keywords for benchmark memories, kept in a file beside the results. In use, every
 * memory the extension stores carries the keywords its extraction call gave it (or the "Add
 * keywords" action's); the benchmark files carry none. `npm run bench:keywords` asks a real
 * model for them with the product's own keywords call and writes them here, and
 * `bench:retrieval --keywords FILE` ranks with them, so the figures include what keywords add.
 * The file says which model and which prompt made it: figures from another prompt are another
 * measurement.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { KEYWORDS_SYSTEM } from '../../lib/add-keywords/keywords-prompt';
import { MAX_KEYWORD_CHARS, MAX_KEYWORDS } from '../../lib/memory/keyword-list';
import type { BenchCase } from './dataset';

const KeywordCacheSchema = z.object({
  format: z.literal(1),
  model: z.string(),
  /** First 12 hex digits of the SHA-256 of the keywords system prompt that made the file. */
  prompt: z.string(),
  keywords: z.record(
    z.string(),
    z.array(z.string().check(z.minLength(1), z.maxLength(MAX_KEYWORD_CHARS))).check(z.maxLength(MAX_KEYWORDS)),
  ),
});
export type KeywordCache = z.infer<typeof KeywordCacheSchema>;

function promptVersion(): string {
  return createHash('sha256').update(KEYWORDS_SYSTEM).digest('hex').slice(0, 12);
}

export function emptyCache(model: string): KeywordCache {
  return { format: 1, model, prompt: promptVersion(), keywords: {} };
}

export function readKeywordCache(path: string): KeywordCache {
  const parsed = KeywordCacheSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success)
    throw new Error(`${path}: not a keywords file (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}

/**
 * The file at `path` when it was made by this model and this prompt, to be filled further; a
 * new one otherwise (keywords of another model or prompt are not mixed in).
 */
export function openKeywordCache(path: string, model: string): KeywordCache {
  if (!existsSync(path)) return emptyCache(model);
  const cache = readKeywordCache(path);
  if (cache.model !== model || cache.prompt !== promptVersion()) {
    throw new Error(
      `${path} was made by ${cache.model} with prompt ${cache.prompt}, not ${model} with ${promptVersion()}: choose another --out`,
    );
  }
  return cache;
}

/** The memories the file has no keywords for yet, in order. */
export function missingFrom<T extends { id: string }>(cache: KeywordCache, memories: readonly T[]): T[] {
  return memories.filter((m) => !(m.id in cache.keywords));
}

/** The cases with each memory's cached keywords set, and how many memories got some. */
export function withKeywords(
  cases: readonly BenchCase[],
  cache: KeywordCache,
): { cases: BenchCase[]; covered: number; total: number } {
  let covered = 0;
  let total = 0;
  const out = cases.map((c) => ({
    ...c,
    memories: c.memories.map((m) => {
      total++;
      const keywords = cache.keywords[m.id];
      if (!keywords) return m;
      covered++;
      return { ...m, keywords };
    }),
  }));
  return { cases: out, covered, total };
}
