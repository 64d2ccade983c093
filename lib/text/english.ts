/**
 * The English tokenizer of the ranker: small, synchronous and free of models, so the background
 * needs nothing but its own code to rank on a cold start (the wink English model it replaces is
 * ~3.8 MB, 2.9 MB of it the lexicon, parsed on every start).
 *
 * A word is indexed by every base form it can have, not by one guess of a tagger: "User lives
 * in Chengdu" has "lives" after a noun, which a tagger may read as the plural of "life"; here it
 * gives both stems, "live" and "life", so "Where do I live?" and "a good life" both meet it.
 * Regular inflections meet on their Porter2 stem (works/worked/working → work); irregular
 * forms (ran, children, left) add the stem of their base from english-words.ts.
 */
import stem from 'wink-porter2-stemmer';
import { irregularBases, STOP_WORDS } from './english-words';

export type EnglishTokenType = 'word' | 'number' | 'time' | 'ordinal' | 'email' | 'url' | 'hashtag' | 'mention';

export interface EnglishToken {
  /** Lower-cased as written ("lives"); readable, for tags. */
  word: string;
  /** Index terms: one per base form the word can have, deduplicated ("lives" → live, life). */
  stems: readonly string[];
  type: EnglishTokenType;
  stop: boolean;
}

/** One alternative per token kind, tried in this order at each position. */
const TOKEN = new RegExp(
  [
    String.raw`(?<url>https?:\/\/[^\s<>"']+|www\.[^\s<>"']+)`,
    String.raw`(?<email>[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)`,
    String.raw`(?<hashtag>#[\p{L}\p{N}_]+)`,
    String.raw`(?<mention>@[\p{L}\p{N}_]+)`,
    String.raw`(?<time>\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?(?![\p{L}\p{N}])|\d{1,2}\s?[ap]\.?m\.?(?![\p{L}\p{N}]))`,
    String.raw`(?<ordinal>\d+(?:st|nd|rd|th)(?![\p{L}\p{N}]))`,
    String.raw`(?<number>\d+(?:[.,]\d+)*(?![\p{L}]))`,
    String.raw`(?<word>[\p{L}\p{M}\p{N}]*\p{L}[\p{L}\p{M}\p{N}]*(?:['’][\p{L}]+)*)`,
    '(?<end>[.!?。！？]+)',
    '(?<mark>[,;:])',
  ].join('|'),
  'giu',
);

const CLITIC = /^(.+?)(n't|'s|'re|'ve|'ll|'d|'m)$/;

/**
 * What a regularly inflected word can be the form of, by suffix alone (no lexicon, so some
 * guesses are not words; they cost a term and match nothing). Porter2 does not always give a
 * word and its plural one stem ("experiences" → experienc, "experience" → experi): the base
 * forms do.
 */
function regularBases(word: string): string[] {
  if (word.length < 4) return [];
  const out: string[] = [];
  const add = (b: string) => b.length >= 3 && out.push(b);
  if (/ies$/.test(word)) add(`${word.slice(0, -3)}y`);
  else if (/(?:ses|xes|zes|ches|shes|oes)$/.test(word)) add(word.slice(0, -2));
  if (/[^su]s$/.test(word)) add(word.slice(0, -1));
  // Porter2 restores a dropped e only after short roots: "experienced" needs it back.
  const ed = /(?:ed|ing)$/.exec(word);
  const root = ed ? word.slice(0, -ed[0].length) : '';
  if (root.length >= 3 && !/[aeiouy]$|([b-df-hj-np-tv-z])\1$/.test(root)) add(`${root}e`);
  return out;
}

/** Porter2 stems of every base form of a lower-cased word, the word's own first. */
export function stemsOf(word: string): string[] {
  const out = [stem(word)];
  for (const base of [...irregularBases(word), ...regularBases(word)]) {
    const s = stem(base);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

function wordTokens(raw: string, sentenceStart: boolean, out: EnglishToken[]): void {
  const lower = raw.toLowerCase().replace(/’/g, "'");
  const clitic = CLITIC.exec(lower);
  const parts = clitic ? [clitic[1] as string, clitic[2] as string] : [lower];
  parts.forEach((word, i) => {
    // A capitalised function word inside a sentence is a name: "Go" the language, "May" the month.
    const name = i === 0 && !sentenceStart && raw.length > 1 && raw[0] !== raw[0]?.toLowerCase();
    out.push({ word, stems: stemsOf(word), type: 'word', stop: STOP_WORDS.has(word) && !name });
  });
}

/** The tokens of English (or any Latin-script) text, in order; punctuation is left out. */
export function englishTokens(text: string): EnglishToken[] {
  const out: EnglishToken[] = [];
  let sentenceStart = true;
  for (const m of text.matchAll(TOKEN)) {
    const groups = m.groups as Record<string, string | undefined>;
    if (groups.end || groups.mark) {
      sentenceStart = groups.end !== undefined;
      continue;
    }
    if (groups.word) wordTokens(groups.word, sentenceStart, out);
    else {
      const [type, value] = Object.entries(groups).find(([, v]) => v !== undefined) as [EnglishTokenType, string];
      const word = value.toLowerCase();
      out.push({ word, stems: [word], type, stop: false });
    }
    sentenceStart = false;
  }
  return out;
}
