/**
 * Index terms of chat text for history search. English words go by every Porter2 stem of their
 * base forms (english.ts: "lives" → live, life; stop words out); Chinese and Japanese runs by
 * every character and every adjacent pair. Intl.Segmenter cuts the *query* into words (each
 * word's pairs must all be in the turn, lib/history/query.ts), not the indexed text: running it
 * over 30 million characters of history took longer than all the rest of indexing, and the
 * words it finds are sequences of pairs the index holds anyway. No stop lists for CJK: search
 * has to find what the user typed; each term costs about a byte of postings.
 */
import { CJK_RUN } from '../cjk';
import { stemsOf } from '../text/english';
import { STOP_WORDS } from '../text/english-words';

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const zhSegmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const jaSegmenter = new Intl.Segmenter('ja', { granularity: 'word' });
/** Words and numbers of the non-CJK rest; apostrophes inside a word stay ("don't"). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*/gu;
const MAX_TERM = 40;

/**
 * Stems are the slow part of indexing and words repeat: a bounded memo keeps a 60-million
 * character import from stemming the same word a million times.
 */
const stemMemo = new Map<string, readonly string[]>();
const MEMO_MAX = 50_000;

function stemsCached(word: string): readonly string[] {
  let out = stemMemo.get(word);
  if (out) return out;
  out = stemsOf(word).filter((s) => s.length > 0 && s.length <= MAX_TERM);
  if (stemMemo.size >= MEMO_MAX) stemMemo.clear();
  stemMemo.set(word, out);
  return out;
}

/** Lower-cased word as the query and the snippet compare it ("Don’t" → "don't"). */
export function normalWord(raw: string): string {
  return raw.toLowerCase().replace(/’/g, "'");
}

/** The terms one English (or other Latin-script) word is indexed under; none for stop words. */
export function wordTerms(raw: string): readonly string[] {
  const word = normalWord(raw);
  if (STOP_WORDS.has(word)) return [];
  if (/^\p{N}+$/u.test(word)) return word.length <= MAX_TERM ? [word] : [];
  if (word.length < 2 || word.length > MAX_TERM) return [];
  return stemsCached(word);
}

/** Adjacent pairs of a CJK run (the run itself when it is one character): the query's terms. */
export function cjkPairs(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** Segmenter words of three or more characters in a CJK run. */
export function cjkWords(run: string): string[] {
  const out: string[] = [];
  const segmenter = KANA.test(run) ? jaSegmenter : zhSegmenter;
  for (const { segment, isWordLike } of segmenter.segment(run)) {
    if (isWordLike && segment.length >= 3 && segment.length <= MAX_TERM) out.push(segment);
  }
  return out;
}

/**
 * A CJK term as a number, so the indexer counts millions of them without making a string for
 * each: a character is its code point, a pair of adjacent characters PAIR_BASE + first ×
 * CODE_POINTS + second. `cjkTerm` gives the term's string.
 */
const CODE_POINTS = 0x110000;
const PAIR_BASE = CODE_POINTS;

export function cjkTerm(key: number): string {
  if (key < PAIR_BASE) return String.fromCodePoint(key);
  const pair = key - PAIR_BASE;
  return String.fromCodePoint(Math.floor(pair / CODE_POINTS), pair % CODE_POINTS);
}

function eachCjk(run: string, cjk: (key: number) => void): void {
  let prev = -1;
  let count = 0;
  for (let i = 0; i < run.length; ) {
    const cp = run.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    if (prev >= 0) cjk(PAIR_BASE + prev * CODE_POINTS + cp);
    prev = cp;
    count++;
  }
  // A one-character run is its own term; a longer one also gives every character, so a
  // one-character search finds the character inside words.
  if (count === 1) cjk(prev);
  if (run.length > 1) {
    for (let i = 0; i < run.length; ) {
      const cp = run.codePointAt(i)!;
      i += cp > 0xffff ? 2 : 1;
      cjk(cp);
    }
  }
}

/** Calls `word` or `cjk` for every occurrence of every index term of a text, in order. */
export function forEachTerm(text: string, word: (term: string) => void, cjk: (key: number) => void): void {
  const normal = text.normalize('NFKC').toLowerCase();
  const rest = normal.replace(CJK_RUN, (run) => {
    eachCjk(run, cjk);
    return ' ';
  });
  for (const m of rest.matchAll(WORD)) for (const term of wordTerms(m[0])) word(term);
}

/** Every index term of a text with how often it occurs. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  forEachTerm(text, add, (key) => add(cjkTerm(key)));
  return counts;
}
