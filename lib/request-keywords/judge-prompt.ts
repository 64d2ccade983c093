/**
 * The request keywords call when it also judges candidates: the keywords prompt byte for byte,
 * then the judging part (prompt_templates/judge.md); the user text is the numbered request,
 * then the numbered memories and exchanges. Every candidate is one line escaped as the block
 * escapes memories (no newline, no invisible character, no delimiter look-alike), and its angle
 * brackets are turned as the draft's are, so no text can close a list or open another: what a
 * memory says is data, never an instruction. Pure (no SDK).
 */
import * as z from 'zod/mini';
import judging from '../../prompt_templates/judge.md?raw';
import { escapeMemoryText } from '../ranking/block';
import { estimateTokens } from '../ranking/tokens';
import { hasCandidates, type JudgeCandidates } from './judge-candidates';
import {
  estimateRequestKeywords,
  KeywordListSchema,
  REQUEST_KEYWORDS_SYSTEM,
  requestKeywordsUserText,
} from './request-keywords-prompt';

export const JUDGE_SYSTEM = `${REQUEST_KEYWORDS_SYSTEM.trimEnd()}\n\n${judging.trim()}\n`;
/** Keywords and up to 46 numbers: a little more room than keywords alone. */
export const JUDGE_MAX_TOKENS = 600;
/** The picks add about this much to the keywords-only answer: two short lists of numbers (an estimate, checked against the cap). */
const PICKS_OUTPUT_TOKENS = 40;
/** The judging fields' share of the tool schema. */
const PICKS_SCHEMA_TOKENS = 60;

const numbers = z.array(z.int()).check(z.maxLength(60));

/** The keywords answer with the numbers picked from each list; absent lists mean "not judged". */
export const JudgedAnswerSchema = z.object({
  items: z
    .array(
      z.object({
        index: z.int(),
        keywords: KeywordListSchema,
        memories: z.optional(numbers),
        past_chats: z.optional(numbers),
      }),
    )
    .check(z.maxLength(20)),
});
export type JudgedAnswer = z.infer<typeof JudgedAnswerSchema>;

/** One candidate as one line of its list: data, with nothing that could end the list. */
export function candidateLine(text: string): string {
  return escapeMemoryText(text).replace(/</g, '‹').replace(/>/g, '›');
}

function memoryList(c: JudgeCandidates): string[] {
  if (c.memories.length === 0) return [];
  const lines = c.memories.map((m, i) => `${i + 1}. (${m.type}) ${candidateLine(m.text)}`);
  return ['<memories>', ...lines, '</memories>'];
}

function chatList(c: JudgeCandidates): string[] {
  if (c.chats.length === 0) return [];
  const lines = c.chats.map(
    (e, i) =>
      `${i + 1}. (${e.site} · ${e.date.slice(0, 10)} · “${candidateLine(e.title) || 'untitled'}”) ${candidateLine(e.text)}`,
  );
  return ['<past_chats>', ...lines, '</past_chats>'];
}

/** The request, then its candidates; with none, exactly the keywords-only request. */
export function judgeUserText(draft: string, candidates: JudgeCandidates): string {
  const request = requestKeywordsUserText(draft);
  if (!hasCandidates(candidates)) return request;
  return [request, ...memoryList(candidates), ...chatList(candidates)].join('\n');
}

/** Tokens in and out the call is expected to cost with these candidates (checked against the cap). */
export function estimateJudged(
  draft: string,
  candidates: JudgeCandidates,
): { inputTokens: number; outputTokens: number } {
  const plain = estimateRequestKeywords(draft);
  if (!hasCandidates(candidates)) return plain;
  const system = estimateTokens(JUDGE_SYSTEM) - estimateTokens(REQUEST_KEYWORDS_SYSTEM);
  const user = estimateTokens(judgeUserText(draft, candidates)) - estimateTokens(requestKeywordsUserText(draft));
  return {
    inputTokens: plain.inputTokens + system + user + PICKS_SCHEMA_TOKENS,
    outputTokens: plain.outputTokens + PICKS_OUTPUT_TOKENS,
  };
}
