/**
 * Runs one keywords call (background only: it uses the SDK and the key). The answer is parsed
 * with the zod schema the tool's JSON schema came from; a malformed answer comes back as a
 * readable reason, never as keywords, with its usage, since the provider bills it all the same.
 */
import type Anthropic from '@anthropic-ai/sdk';
import * as z from 'zod/mini';
import { formatFirstIssue } from '../zod-errors';
import {
  KEYWORDS_SYSTEM,
  KEYWORDS_TOOL_NAME,
  type KeywordsAnswer,
  KeywordsAnswerSchema,
  keywordsMaxTokens,
  keywordsUserText,
} from './keywords-prompt';

function inputSchema(): { type: 'object'; [key: string]: unknown } {
  const { $schema: _drop, ...schema } = z.toJSONSchema(KeywordsAnswerSchema) as Record<string, unknown>;
  return { ...schema, type: 'object' };
}

export type KeywordsResult = { inputTokens: number; outputTokens: number } & (
  | { answer: KeywordsAnswer; problem: null }
  | { answer: null; problem: string }
);

export async function keywordsCall(
  client: Anthropic,
  model: string,
  contents: readonly string[],
  signal: AbortSignal,
): Promise<KeywordsResult> {
  const message = await client.messages.create(
    {
      model,
      max_tokens: keywordsMaxTokens(contents.length),
      system: KEYWORDS_SYSTEM,
      tools: [
        {
          name: KEYWORDS_TOOL_NAME,
          description: 'Save the search keywords of each numbered note.',
          input_schema: inputSchema(),
        },
      ],
      tool_choice: { type: 'tool', name: KEYWORDS_TOOL_NAME },
      messages: [{ role: 'user', content: keywordsUserText(contents) }],
    },
    { signal },
  );
  const usage = { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens };
  const call = message.content.find((b) => b.type === 'tool_use' && b.name === KEYWORDS_TOOL_NAME);
  if (call?.type !== 'tool_use')
    return { answer: null, problem: `the model did not call ${KEYWORDS_TOOL_NAME} (${message.stop_reason})`, ...usage };
  const parsed = KeywordsAnswerSchema.safeParse(call.input);
  if (!parsed.success)
    return {
      answer: null,
      problem: `the model's answer is malformed: ${formatFirstIssue(parsed.error, call.input)}`,
      ...usage,
    };
  return { answer: parsed.data, problem: null, ...usage };
}
