/**
 * A search as the user typed it: words, "exact phrases" in quotes and `site:` filters.
 * Every word must occur in the matching turn. An English word matches any stem of its base
 * forms; a Chinese or Japanese word matches a turn holding all its character pairs (the
 * segmenter cuts text differently in different contexts, pairs do not).
 */
import { CJK_RUN } from '../cjk';
import { cjkPairs, cjkWords, normalWord, wordTerms } from './terms';

export interface QueryUnit {
  /** `any`: one of the terms is enough (stems of one word); `all`: every term (pairs of a CJK word). */
  mode: 'any' | 'all';
  terms: string[];
}

export interface HistoryQuery {
  units: QueryUnit[];
  /** Phrases to find verbatim (case and width folded) in the turn. */
  phrases: string[];
  sites: string[];
  /** What the snippet marks: English words (lower case) and CJK strings. */
  marks: { words: string[]; cjk: string[] };
}

const PHRASE = /"([^"]*)"|“([^”]*)”|「([^」]*)」/g;
const SITE = /(?:^|\s)site:(\S+)/gi;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Folding both the query's phrases and the turn text: width (NFKC) and case. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
}

function unitsOf(text: string, query: HistoryQuery): void {
  const normal = text.normalize('NFKC').toLowerCase();
  const rest = normal.replace(CJK_RUN, (run) => {
    query.marks.cjk.push(run);
    const words = run.length >= 3 ? segmentAll(run) : [run];
    for (const word of words) {
      // A single character is a term of its own (lib/history/terms.ts indexes every one).
      query.units.push({ mode: 'all', terms: cjkPairs(word) });
    }
    return ' ';
  });
  for (const m of rest.matchAll(WORD)) {
    const terms = wordTerms(m[0]);
    if (terms.length === 0) continue;
    query.marks.words.push(normalWord(m[0]));
    query.units.push({ mode: 'any', terms: [...terms] });
  }
}

/** Segmenter words of a run, with what it leaves between them, so no character is lost. */
function segmentAll(run: string): string[] {
  const words = cjkWords(run);
  if (words.length === 0) return [run];
  const out: string[] = [];
  let rest = run;
  for (const w of words) {
    const at = rest.indexOf(w);
    if (at < 0) continue;
    if (at > 0) out.push(rest.slice(0, at));
    out.push(w);
    rest = rest.slice(at + w.length);
  }
  if (rest) out.push(rest);
  return out;
}

export function parseQuery(input: string): HistoryQuery {
  const query: HistoryQuery = { units: [], phrases: [], sites: [], marks: { words: [], cjk: [] } };
  let text = input.slice(0, 500);
  text = text.replace(SITE, (_, site: string) => {
    query.sites.push(site.toLowerCase());
    return ' ';
  });
  text = text.replace(PHRASE, (_, a?: string, b?: string, c?: string) => {
    const phrase = (a ?? b ?? c ?? '').trim();
    if (phrase) {
      query.phrases.push(fold(phrase));
      unitsOf(phrase, query);
    }
    return ' ';
  });
  unitsOf(text, query);
  return query;
}
