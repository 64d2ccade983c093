/** The refine call: types and importance for pasted notes, through one forced tool. */
import type Anthropic from '@anthropic-ai/sdk';
import { forcedToolCall, type ToolCallResult } from '../model/tool-call';
import {
  REFINE_SYSTEM,
  REFINE_TOOL_NAME,
  type RefineAnswer,
  RefineAnswerSchema,
  type RefineInput,
  refineMaxTokens,
  refineUserText,
} from './refine-prompt';

export function refineCall(
  client: Anthropic,
  model: string,
  items: readonly RefineInput[],
  signal: AbortSignal,
): Promise<ToolCallResult<RefineAnswer>> {
  return forcedToolCall(
    client,
    {
      model,
      maxTokens: refineMaxTokens(items.length),
      system: REFINE_SYSTEM,
      tool: {
        name: REFINE_TOOL_NAME,
        description: 'Save the type and importance of each numbered note.',
        schema: RefineAnswerSchema,
      },
      user: refineUserText(items),
    },
    signal,
  );
}
