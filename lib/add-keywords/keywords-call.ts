/** One keywords call: search keywords for numbered memories, through one forced tool. */
import type Anthropic from '@anthropic-ai/sdk';
import { forcedToolCall, type ToolCallResult } from '../model/tool-call';
import {
  KEYWORDS_SYSTEM,
  KEYWORDS_TOOL_NAME,
  type KeywordsAnswer,
  KeywordsAnswerSchema,
  keywordsMaxTokens,
  keywordsUserText,
} from './keywords-prompt';

export function keywordsCall(
  client: Anthropic,
  model: string,
  contents: readonly string[],
  signal: AbortSignal,
): Promise<ToolCallResult<KeywordsAnswer>> {
  return forcedToolCall(
    client,
    {
      model,
      maxTokens: keywordsMaxTokens(contents.length),
      system: KEYWORDS_SYSTEM,
      tool: {
        name: KEYWORDS_TOOL_NAME,
        description: 'Save the search keywords of each numbered note.',
        schema: KeywordsAnswerSchema,
      },
      user: keywordsUserText(contents),
    },
    signal,
  );
}
