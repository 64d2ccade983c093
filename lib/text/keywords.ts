/**
 * Keywords of a text, for the ranker's index and for a memory's stored tags.
 * English goes through english.ts (stems of every base form a word can have, stop words;
 * numbers, times and money kept), model-free, so the background loads nothing to run it.
 * Chinese and Japanese go through Intl.Segmenter, which splits imperfectly
 * (我|平时|晚上|九|点|以后|才有|空), so every adjacent character pair of a CJK run is a term too:
 * a word the segmenter cut differently in the memory and in the query still meets on its
 * bigrams. Mixed text is cut into CJK and non-CJK runs, each handled by its own path.
 */
import { CJK_RUN } from '../cjk';
import { englishTokens } from './english';

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LATIN_OR_DIGIT = /[\p{L}\p{N}]/u;
const zhSegmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const jaSegmenter = new Intl.Segmenter('ja', { granularity: 'word' });

/** Function words: a bigram holding one of these is a phrase boundary, not a concept. */
const CJK_PARTICLES = new Set([...'的吗呢吧啊呀嘛哦喔']);
const HIRAGANA = /\p{Script=Hiragana}/u;

/** Chinese words too common to say anything about a memory (pronouns, fillers, question words). */
const CJK_STOP = new Set(
  (
    '我 你 他 她 它 您 们 我们 你们 他们 她们 咱们 自己 是 在 和 与 及 或 也 都 就 很 还 又 再 才 这 那 哪 ' +
    '这个 那个 这些 那些 哪些 一个 一些 一下 一点 有点 有些 什么 怎么 怎么样 怎样 如何 为什么 为何 吗 呢 吧 啊 ' +
    '可以 能 会 要 想 得 地 的 了 着 过 个 把 被 让 给 对 从 向 跟 比 等 就是 还是 但是 因为 所以 如果 ' +
    '然后 一 不 没 有 去 来 上 下 里 中 说 做 帮 帮我 请 好 吗 呀 嗯 哦 其 之 而 以 于 为 所'
  ).split(' '),
);

/** Prefix of a single-character CJK term in the index. */
export const CHAR_MARK = '~';

const KEEP_TYPES = new Set(['word', 'number', 'time', 'currency', 'email', 'url', 'hashtag', 'mention', 'ordinal']);

export interface TermOptions {
  /**
   * Index terms (CJK bigrams, English stems) rather than readable tags (words and lemmas).
   */
  bigrams: boolean;
}

function segmenterFor(run: string): Intl.Segmenter {
  return KANA.test(run) ? jaSegmenter : zhSegmenter;
}

function cjkTerms(run: string, out: string[], bigrams: boolean): void {
  for (const { segment, isWordLike } of segmenterFor(run).segment(run)) {
    if (!isWordLike || CJK_STOP.has(segment)) continue;
    if (segment.length === 1 && HIRAGANA.test(segment)) continue;
    // Two-character words are already among the bigrams; keep singles and long words.
    if (!bigrams || segment.length !== 2) out.push(segment);
  }
  if (!bigrams) return;
  const chars = [...run];
  // Single characters, marked, for paraphrases that share a character but no word
  // (跑几圈 / 跑步); the ranker weighs them below words and bigrams.
  for (const ch of chars) {
    if (!CJK_STOP.has(ch) && !CJK_PARTICLES.has(ch) && !HIRAGANA.test(ch)) out.push(CHAR_MARK + ch);
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i] as string;
    const b = chars[i + 1] as string;
    // Japanese grammar lives in hiragana; content words are kanji and katakana.
    if (CJK_PARTICLES.has(a) || CJK_PARTICLES.has(b) || HIRAGANA.test(a) || HIRAGANA.test(b)) continue;
    const pair = a + b;
    if (!CJK_STOP.has(pair)) out.push(pair);
  }
}

function englishTerms(text: string, out: string[], stems: boolean): void {
  for (const t of englishTokens(text)) {
    if (t.stop || !KEEP_TYPES.has(t.type)) continue;
    for (const raw of stems ? t.stems : [t.word]) {
      const term = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (term.length === 0) continue;
      if (term.length === 1 && !/\d/.test(term)) continue;
      out.push(term);
    }
  }
}

/**
 * All terms of a text, repeats kept (term frequency matters to BM25). CJK runs are replaced by
 * a separator so the rest goes through wink in one pass, in its original order.
 */
export function termsOf(text: string, opts: TermOptions = { bigrams: true }): string[] {
  // Case stays for wink: a capital inside a sentence marks a name (nlp.ts); terms come out lower-cased.
  const normal = text.normalize('NFKC');
  const out: string[] = [];
  const rest = normal.replace(CJK_RUN, (run) => {
    cjkTerms(run, out, opts.bigrams);
    // A comma, not a full stop: what follows is not sentence-initial (see properNoun in nlp.ts).
    return ' , ';
  });
  if (LATIN_OR_DIGIT.test(rest)) englishTerms(rest, out, opts.bigrams);
  return out;
}

/** A memory's stored tags: readable keywords, first seen first, no bigrams, at most `max`. */
export function tagsFor(text: string, max = 12): string[] {
  const seen = new Set<string>();
  for (const term of termsOf(text, { bigrams: false })) {
    if ([...term].length < 2 && !/\d/.test(term)) continue;
    seen.add(term);
    if (seen.size >= max) break;
  }
  return [...seen];
}
