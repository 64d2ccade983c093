/**
 * Request keywords: search terms a model gave for the draft (the categories of the user's
 * circumstances an answer depends on, synonyms, the main terms in the other of English and
 * Chinese), a query field of their own beside the draft's words. They are search terms only:
 * bounded here, matched against the memories' text and keywords at their own weight, never
 * shown and never put into a block, and they never decide what the draft is (a greeting stays
 * a greeting: intent is read from the draft alone).
 */
import { MAX_KEYWORD_CHARS } from '../memory/keyword-list';
import { CHAR_MARK, termsOf } from '../text/keywords';

/** The prompt asks for 3–10; more is not a keyword list. */
export const MAX_REQUEST_KEYWORDS = 10;
/** The prompt asks for one to three words; a keyword of more words is a sentence, not a search term. */
const MAX_WORDS = 4;
const CONTROL = /[\p{Cc}\p{Cf}]/u;

export interface RequestKeywordParams {
  /** Query weight of a request keyword's term, against 1 for a word of the draft; 0 turns them off. */
  weight: number;
}

/**
 * At most MAX_REQUEST_KEYWORDS short keywords: a model's answer is data, and whatever it holds
 * beyond a search term (a sentence, an instruction, markup) is dropped, not shortened.
 */
export function boundRequestKeywords(list: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    if (typeof raw !== 'string' || CONTROL.test(raw.replace(/\s/g, ' '))) continue;
    const k = raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
    if (!k || k.length > MAX_KEYWORD_CHARS || k.split(' ').length > MAX_WORDS) continue;
    if (seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
    if (out.length >= MAX_REQUEST_KEYWORDS) break;
  }
  return out;
}

/**
 * Adds the keywords' index terms to the draft's (term → query weight). A term the draft has too
 * keeps the larger weight: the keywords say what to look for, not that the draft's own words
 * count twice.
 */
export function addRequestTerms(
  terms: Map<string, number>,
  keywords: readonly string[],
  p: RequestKeywordParams,
  charWeight: number,
): void {
  if (p.weight <= 0 || keywords.length === 0) return;
  const own = new Map<string, number>();
  for (const k of keywords) {
    for (const t of termsOf(k)) own.set(t, t.startsWith(CHAR_MARK) ? charWeight : 1);
  }
  for (const [t, w] of own) terms.set(t, Math.max(terms.get(t) ?? 0, w * p.weight));
}
