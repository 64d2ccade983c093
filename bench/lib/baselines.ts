/**
 * The two baselines the ranker is measured against, deliberately plain: BM25 (k1 1.2, b 0.75, English stop words,
 * no stemming, letter/digit runs as tokens) and the seed formula of SPEC §3. Both rank every
 * memory of a case, ties broken by file order, like the reference figures in the bench README.
 */
import type { BenchMemory } from './dataset';

/** NLTK's English stop word list. */
const STOP = new Set(
  (
    "i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves he him his " +
    "himself she she's her hers herself it it's its itself they them their theirs themselves what which who whom this " +
    "that that'll these those am is are was were be been being have has had having do does did doing a an the and but " +
    'if or because as until while of at by for with about against between into through during before after above ' +
    'below to from up down in out on off over under again further then once here there when where why how all any ' +
    'both each few more most other some such no nor not only own same so than too very s t can will just don ' +
    "don't should should've now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn " +
    "hadn't hasn hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn " +
    "shouldn't wasn wasn't weren weren't won won't wouldn wouldn't"
  ).split(' '),
);

function plainTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [])
    .map((t) => t.replace(/^'+|'+$/g, ''))
    .filter((t) => t.length > 0 && !STOP.has(t));
}

export type Ranker = (query: string) => string[];

function sortByScore(ids: readonly string[], scores: readonly number[]): string[] {
  return ids
    .map((id, i) => ({ id, i, s: scores[i] as number }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.id);
}

export function bm25Ranker(memories: readonly BenchMemory[], k1 = 1.2, b = 0.75): Ranker {
  const docs = memories.map((m) => {
    const tf = new Map<string, number>();
    const tokens = plainTokens(m.content);
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { tf, len: tokens.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const avg = docs.reduce((a, d) => a + d.len, 0) / Math.max(1, n);
  const ids = memories.map((m) => m.id);
  return (query) => {
    const terms = [...new Set(plainTokens(query))];
    const scores = docs.map((d) => {
      let s = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        const dft = df.get(t) ?? 0;
        const idf = Math.log(1 + (n - dft + 0.5) / (dft + 0.5));
        s += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.len) / avg));
      }
      return s;
    });
    return sortByScore(ids, scores);
  };
}

const WEEK = 7 * 86_400_000;

/**
 * SPEC §3: 0.5·tag_hits + 0.3·content_hits + 0.2·recency + importance, where tag hits count
 * query keywords among the memory's tags, content hits count them inside its text, and recency
 * falls from 1 to 0 over the 7 days since the last hit (never hit: since creation).
 */
export function seedRanker(memories: readonly BenchMemory[], now: number): Ranker {
  const rows = memories.map((m) => ({
    tags: new Set((m.tags ?? plainTokens(m.content)).map((t) => t.toLowerCase())),
    text: m.content.toLowerCase(),
    importance: m.importance ?? 3,
    recency: Math.max(0, 1 - (now - Date.parse(m.createdAt)) / WEEK),
  }));
  const ids = memories.map((m) => m.id);
  return (query) => {
    const words = [...new Set(plainTokens(query))];
    const scores = rows.map((r) => {
      let tagHits = 0;
      let contentHits = 0;
      for (const w of words) {
        if (r.tags.has(w)) tagHits++;
        if (r.text.includes(w)) contentHits++;
      }
      return 0.5 * tagHits + 0.3 * contentHits + 0.2 * r.recency + r.importance;
    });
    return sortByScore(ids, scores);
  };
}
