/**
 * The request keywords call: the draft of a conversation's first message in, search keywords
 * for it out (the categories of the user's circumstances an answer depends on, synonyms, the
 * main terms in the other of English and Chinese), through one forced tool. The prompt is the
 * text that made the benchmark's request keywords, byte for byte (prompt_templates/, hash
 * REQUEST_KEYWORDS_PROMPT_HASH): a changed prompt is another measurement. Pure (no SDK).
 */
import * as z from 'zod/mini';
import template from '../../prompt_templates/request-keywords.md?raw';
import { boundRequestKeywords } from '../ranking/request-keywords';
import { estimateTokens } from '../ranking/tokens';

export const REQUEST_KEYWORDS_TOOL_NAME = 'add_request_keywords';
/** First 12 hex digits of the SHA-256 of the prompt, as the benchmark's request keywords file names it. */
export const REQUEST_KEYWORDS_PROMPT_HASH = '0c44c05068ed';
export const REQUEST_KEYWORDS_SYSTEM: string = template;
/** Ten short keywords fit well under this; a longer answer is cut off, not paid for. */
export const REQUEST_KEYWORDS_MAX_TOKENS = 400;
const TOOL_TOKENS = 200;
/** One request's answer, measured on the fake server's answers and rounded up. */
const OUTPUT_TOKENS = 120;

/**
 * Loose enough that a long-winded model still answers, tight enough that a hostile answer
 * cannot be large; what is kept is bounded again (boundRequestKeywords).
 */
export const KeywordListSchema = z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50));

export const RequestKeywordsAnswerSchema = z.object({
  items: z
    .array(
      z.object({
        index: z.int(),
        keywords: KeywordListSchema,
      }),
    )
    .check(z.maxLength(20)),
});
export type RequestKeywordsAnswer = z.infer<typeof RequestKeywordsAnswerSchema>;

function escapeDraft(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/</g, '‹')
    .replace(/>/g, '›');
}

/** The draft as request number 1, escaped: data, not instructions. */
export function requestKeywordsUserText(draft: string): string {
  return `<requests>\n1. ${escapeDraft(draft)}\n</requests>`;
}

/** Tokens in and out one call is expected to cost (checked against the cap before it goes). */
export function estimateRequestKeywords(draft: string): { inputTokens: number; outputTokens: number } {
  return {
    inputTokens: estimateTokens(REQUEST_KEYWORDS_SYSTEM) + estimateTokens(requestKeywordsUserText(draft)) + TOOL_TOKENS,
    outputTokens: OUTPUT_TOKENS,
  };
}

/** The keywords given to request 1, bounded; entries for any other number are ignored. */
export function keywordsOfRequest(answer: Pick<RequestKeywordsAnswer, 'items'>): string[] {
  const mine = answer.items.filter((i) => i.index === 1);
  return boundRequestKeywords(mine.flatMap((i) => i.keywords));
}
