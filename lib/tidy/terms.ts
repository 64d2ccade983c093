/**
 * What tidy-up compares memories by, computed once per memory: its terms (English words,
 * Chinese character pairs, from the text and from the model's keywords), its keywords as whole
 * units (a keyword is one thing however many terms it has: "北京大学" is one name, not three
 * character pairs), and the identifiers it names ("#4821", "A320", "v2"). Light on purpose: a
 * store of thousands is read in tens of milliseconds, with no segmenter or stemmer.
 */
import type { MemoryRecord } from '../memory/types';

/** English words that say nothing about which memory this is. */
const STOP = new Set(
  'user users the a an and or but of in to at on for with is are was were be been has have had his her their my me i as by it its this that these those from about who whom which what when where than then there here also just very so not no'.split(
    ' ',
  ),
);
/**
 * Chinese particles: a pair holding one is a phrase boundary, not a concept. Only particles:
 * other function characters also occur inside names and words (和 in 温和, 对 in 对象).
 */
const CJK_PARTICLES = new Set([...'的了吗呢吧啊呀嘛哦']);
const HAN_RUN = /\p{Script=Han}+/gu;
const WORD = /[\p{L}\p{N}#][\p{L}\p{N}#+.-]*/gu;
/** A word that names one thing by a number: "#4821", "A320", "v2", "CA1831" ("3.11", "30s" are values). */
const IDENTIFIER = /^(?:#\d+|\p{L}+\d[\p{L}\d]*)$/u;

/** A capitalised word after something that is not a sentence's end (the text's start is one). */
const NAME = /(?<=[^\s.!?。！？]\s*)(\p{Lu}[\p{Script=Latin}\d]+)/gu;

export interface MemoryTerms {
  /** Every term of the text and the keywords. */
  all: Set<string>;
  /** Each keyword's terms, one entry per keyword. */
  keywords: string[][];
  /** The keywords' terms, each once. */
  keywordTerms: Set<string>;
  /** Identifiers named in the text, sorted. */
  identifiers: string[];
  /** Names in the text: capitalised words that do not start a sentence ("Priya", "React"), lower-cased. */
  names: string[];
}

function addTerms(text: string, out: Set<string>): void {
  const norm = text.normalize('NFKC').toLowerCase();
  for (const raw of norm.replace(HAN_RUN, ' ').match(WORD) ?? []) {
    const word = raw.replace(/[.+-]+$/, '');
    if (word.length > 1 && !STOP.has(word)) out.add(word);
  }
  for (const run of norm.match(HAN_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1 && !CJK_PARTICLES.has(run)) out.add(run);
    for (let i = 0; i + 1 < chars.length; i++) {
      const a = chars[i]!;
      const b = chars[i + 1]!;
      if (!CJK_PARTICLES.has(a) && !CJK_PARTICLES.has(b)) out.add(a + b);
    }
  }
}

function identifiersOf(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().replace(HAN_RUN, ' ').match(WORD) ?? [];
  return [...new Set(words.map((w) => w.replace(/[.+-]+$/, '')).filter((w) => IDENTIFIER.test(w)))].sort();
}

function namesOf(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.normalize('NFKC').matchAll(NAME)) out.add(m[1]!.toLowerCase());
  return [...out];
}

export function memoryTerms(m: Pick<MemoryRecord, 'content' | 'keywords'>): MemoryTerms {
  const all = new Set<string>();
  addTerms(m.content, all);
  const keywords: string[][] = [];
  for (const k of m.keywords ?? []) {
    const own = new Set<string>();
    addTerms(k, own);
    if (own.size === 0) continue;
    keywords.push([...own]);
    for (const t of own) all.add(t);
  }
  return {
    all,
    keywords,
    keywordTerms: new Set(keywords.flat()),
    identifiers: identifiersOf(m.content),
    names: namesOf(m.content),
  };
}
