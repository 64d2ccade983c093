/**
 * Runs the refine call (background only: it uses the SDK and the key). The answer is parsed
 * with the same zod schema the tool's JSON schema came from; a malformed answer comes back as
 * a readable reason rather than silently kept bad guesses, and with its usage, since the
 * provider bills it all the same.
 */
import type Anthropic from '@anthropic-ai/sdk';
import * as z from 'zod/mini';
import { formatFirstIssue } from '../zod-errors';
import {
  REFINE_SYSTEM,
  REFINE_TOOL_NAME,
  type RefineAnswer,
  RefineAnswerSchema,
  type RefineInput,
  refineMaxTokens,
  refineUserText,
} from './refine-prompt';

function inputSchema(): { type: 'object'; [key: string]: unknown } {
  const { $schema: _drop, ...schema } = z.toJSONSchema(RefineAnswerSchema) as Record<string, unknown>;
  return { ...schema, type: 'object' };
}

type RefineResult = { inputTokens: number; outputTokens: number } & (
  | { answer: RefineAnswer; problem: null }
  | { answer: null; problem: string }
);

export async function refineCall(
  client: Anthropic,
  model: string,
  items: readonly RefineInput[],
  signal: AbortSignal,
): Promise<RefineResult> {
  const message = await client.messages.create(
    {
      model,
      max_tokens: refineMaxTokens(items.length),
      system: REFINE_SYSTEM,
      tools: [
        {
          name: REFINE_TOOL_NAME,
          description: 'Save the type and importance of each numbered note.',
          input_schema: inputSchema(),
        },
      ],
      tool_choice: { type: 'tool', name: REFINE_TOOL_NAME },
      messages: [{ role: 'user', content: refineUserText(items) }],
    },
    { signal },
  );
  const usage = { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens };
  const call = message.content.find((b) => b.type === 'tool_use' && b.name === REFINE_TOOL_NAME);
  if (call?.type !== 'tool_use')
    return { answer: null, problem: `the model did not call ${REFINE_TOOL_NAME} (${message.stop_reason})`, ...usage };
  const parsed = RefineAnswerSchema.safeParse(call.input);
  if (!parsed.success)
    return {
      answer: null,
      problem: `the model's answer is malformed: ${formatFirstIssue(parsed.error, call.input)}`,
      ...usage,
    };
  return { answer: parsed.data, problem: null, ...usage };
}
