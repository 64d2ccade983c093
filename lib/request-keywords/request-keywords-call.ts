/** One request keywords call: the draft in, its search keywords out, through one forced tool. */
import type Anthropic from '@anthropic-ai/sdk';
import { forcedToolCall, type ToolCallResult } from '../model/tool-call';
import {
  REQUEST_KEYWORDS_MAX_TOKENS,
  REQUEST_KEYWORDS_SYSTEM,
  REQUEST_KEYWORDS_TOOL_NAME,
  type RequestKeywordsAnswer,
  RequestKeywordsAnswerSchema,
  requestKeywordsUserText,
} from './request-keywords-prompt';

export function requestKeywordsCall(
  client: Anthropic,
  model: string,
  draft: string,
  signal: AbortSignal,
): Promise<ToolCallResult<RequestKeywordsAnswer>> {
  return forcedToolCall(
    client,
    {
      model,
      maxTokens: REQUEST_KEYWORDS_MAX_TOKENS,
      system: REQUEST_KEYWORDS_SYSTEM,
      tool: {
        name: REQUEST_KEYWORDS_TOOL_NAME,
        description: 'Save the search keywords of each numbered request.',
        schema: RequestKeywordsAnswerSchema,
      },
      user: requestKeywordsUserText(draft),
    },
    signal,
  );
}
