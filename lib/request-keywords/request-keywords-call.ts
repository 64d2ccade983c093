/**
 * One request keywords call: the draft in, its search keywords out, through one forced tool;
 * with candidates, the same call also judges them (judge-prompt.ts), and without any it is the
 * keywords-only request byte for byte.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { forcedToolCall, type ToolCallResult, type ToolRequest } from '../model/tool-call';
import { hasCandidates, type JudgeCandidates, NO_CANDIDATES } from './judge-candidates';
import { JUDGE_MAX_TOKENS, JUDGE_SYSTEM, type JudgedAnswer, JudgedAnswerSchema, judgeUserText } from './judge-prompt';
import {
  REQUEST_KEYWORDS_MAX_TOKENS,
  REQUEST_KEYWORDS_SYSTEM,
  REQUEST_KEYWORDS_TOOL_NAME,
  type RequestKeywordsAnswer,
  RequestKeywordsAnswerSchema,
  requestKeywordsUserText,
} from './request-keywords-prompt';

/** The request as it goes out: keywords only with no candidates, keywords and judging with some. */
export function requestKeywordsRequest(
  model: string,
  draft: string,
  candidates: JudgeCandidates = NO_CANDIDATES,
): ToolRequest<JudgedAnswer> | ToolRequest<RequestKeywordsAnswer> {
  if (!hasCandidates(candidates))
    return {
      model,
      maxTokens: REQUEST_KEYWORDS_MAX_TOKENS,
      system: REQUEST_KEYWORDS_SYSTEM,
      tool: {
        name: REQUEST_KEYWORDS_TOOL_NAME,
        description: 'Save the search keywords of each numbered request.',
        schema: RequestKeywordsAnswerSchema,
      },
      user: requestKeywordsUserText(draft),
    };
  return {
    model,
    maxTokens: JUDGE_MAX_TOKENS,
    system: JUDGE_SYSTEM,
    tool: {
      name: REQUEST_KEYWORDS_TOOL_NAME,
      description:
        'Save the search keywords of each numbered request, and the numbers of the candidates that help answer it.',
      schema: JudgedAnswerSchema,
    },
    user: judgeUserText(draft, candidates),
  };
}

export function requestKeywordsCall(
  client: Anthropic,
  model: string,
  draft: string,
  signal: AbortSignal,
  candidates: JudgeCandidates = NO_CANDIDATES,
): Promise<ToolCallResult<JudgedAnswer>> {
  return forcedToolCall<JudgedAnswer>(
    client,
    requestKeywordsRequest(model, draft, candidates) as ToolRequest<JudgedAnswer>,
    signal,
  );
}
