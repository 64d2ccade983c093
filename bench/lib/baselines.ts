/**
 * The baselines, deliberately plain: BM25 (k1 1.2, b 0.75, English stop words, no stemming)
 * and the seed formula of DESIGN.md §3. Both rank every memory of a case, ties broken by file order,
 * like the reference figures in the bench README. BM25 comes with two tokenisers: letter/digit
 * runs split on whitespace and punctuation (which leaves a Chinese sentence as one token), and
 * the fair one for Chinese and Japanese: Intl.Segmenter words plus every character bigram of a
 * CJK run. The fair variant also leaves out superseded memories, as any real store would; it
 * has no thesaurus and no intent.
 */
import type { BenchMemory } from './dataset';

/** NLTK's English stop word list. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
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
    .filter((t) => t.length > 0 && !ENGLISH_STOP_WORDS.has(t));
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const zhWords = new Intl.Segmenter('zh', { granularity: 'word' });
const jaWords = new Intl.Segmenter('ja', { granularity: 'word' });

/** Segmenter words and character bigrams for CJK runs, `plainTokens` for everything else. */
export function cjkAwareTokens(text: string): string[] {
  const out: string[] = [];
  const rest = text.toLowerCase().replace(CJK_RUN, (run) => {
    const segmenter = KANA.test(run) ? jaWords : zhWords;
    for (const { segment, isWordLike } of segmenter.segment(run)) if (isWordLike) out.push(segment);
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    return ' ';
  });
  out.push(...plainTokens(rest));
  return out;
}

export function hasCjk(text: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
}

export type Ranker = (query: string) => string[];

export interface Bm25Options {
  k1?: number;
  b?: number;
  tokens?: (text: string) => string[];
  /** Leave out memories whose status is not active. */
  activeOnly?: boolean;
}

function sortByScore(ids: readonly string[], scores: readonly number[]): string[] {
  return ids
    .map((id, i) => ({ id, i, s: scores[i] as number }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.id);
}

export function bm25Ranker(all: readonly BenchMemory[], opts: Bm25Options = {}): Ranker {
  const { k1 = 1.2, b = 0.75, tokens: tokenise = plainTokens, activeOnly = false } = opts;
  const memories = activeOnly ? all.filter((m) => (m.status ?? 'active') === 'active') : all;
  const docs = memories.map((m) => {
    const tf = new Map<string, number>();
    const tokens = tokenise(m.content);
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { tf, len: tokens.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const avg = docs.reduce((a, d) => a + d.len, 0) / Math.max(1, n);
  const ids = memories.map((m) => m.id);
  return (query) => {
    const terms = [...new Set(tokenise(query))];
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
 * DESIGN.md §3: 0.5·tag_hits + 0.3·content_hits + 0.2·recency + importance, where tag hits count
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
