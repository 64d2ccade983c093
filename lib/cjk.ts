/**
 * Chinese, Japanese and Korean characters, the one definition everything uses: the token
 * estimate (about one token each), keyword extraction (runs of them are segmented and cut
 * into bigrams, not read as English words), the thesaurus and the side panel's search.
 * ー, 々 and 〆 are Common-script marks that only occur inside Japanese and Chinese words.
 */
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}ー々〆';

/** One CJK character. */
export const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');

/** Runs of CJK characters, for `replace`/`matchAll`. */
export const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');

export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}
