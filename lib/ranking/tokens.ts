/**
 * Token estimate for the injected block and the budget, light enough for any
 * context. A linear model over character classes, fitted by least squares against
 * @anthropic-ai/tokenizer (the only Claude tokenizer that runs offline; it predates Claude 3,
 * so treat it as a reference, not the truth) on ~2,000 memories, queries and dialog turns of
 * the shared bench: Chinese ~1.1 tokens per character, English ~0.9 per word. Measured error
 * per text (bench/token-error.ts): median 5% (English) and 10% (Chinese), p95 14% / 29%; on
 * whole blocks it averages out (docs/retrieval.md, "Token estimate"; tests/unit/ranking/tokens.test.ts).
 */
import { CJK_CHAR as CJK } from '../cjk';

const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const SPACE = /\s/u;

const TOKEN_MODEL = { cjk: 1.12, word: 0.86, letter: 0.04, digit: 0.55, symbol: 0.95 } as const;

export function estimateTokens(text: string): number {
  let cjk = 0;
  let letters = 0;
  let words = 0;
  let digits = 0;
  let symbols = 0;
  let inWord = false;
  for (const ch of text) {
    const isLetter = !CJK.test(ch) && LETTER.test(ch);
    if (isLetter && !inWord) words++;
    inWord = isLetter;
    if (isLetter) letters++;
    else if (CJK.test(ch)) cjk++;
    else if (DIGIT.test(ch)) digits++;
    else if (!SPACE.test(ch)) symbols++;
  }
  const m = TOKEN_MODEL;
  return Math.ceil(m.cjk * cjk + m.word * words + m.letter * letters + m.digit * digits + m.symbol * symbols);
}
