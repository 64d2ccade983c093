/**
 * One forced tool call (background only: it uses the SDK and the key). The model must answer
 * through one tool whose input schema is generated from a zod schema, and the answer is parsed
 * with that same schema: a malformed answer comes back as a readable reason, never as data,
 * and with its usage, since the provider bills it all the same.
 */
import type Anthropic from '@anthropic-ai/sdk';
import * as z from 'zod/mini';
import { formatFirstIssue } from '../zod-errors';

/** The API wants a plain object schema: `$schema` is dropped, the rest is zod's draft 2020-12 output. */
export function toolInputSchema(schema: z.ZodMiniType): { type: 'object'; [key: string]: unknown } {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return { ...rest, type: 'object' };
}

export interface ForcedTool<T> {
  name: string;
  description: string;
  schema: z.ZodMiniType<T>;
}

export interface ToolRequest<T> {
  model: string;
  maxTokens: number;
  system: string;
  tool: ForcedTool<T>;
  user: string;
}

export type ToolCallResult<T> = { inputTokens: number; outputTokens: number } & (
  | { answer: T; problem: null }
  | { answer: null; problem: string }
);

/** The Messages API body of a forced tool call, exactly as it is sent (benchmarks write it out). */
export function toolRequestBody<T>(request: ToolRequest<T>) {
  const { tool } = request;
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    system: request.system,
    tools: [{ name: tool.name, description: tool.description, input_schema: toolInputSchema(tool.schema) }],
    tool_choice: { type: 'tool' as const, name: tool.name },
    messages: [{ role: 'user' as const, content: request.user }],
  };
}

export async function forcedToolCall<T>(
  client: Anthropic,
  request: ToolRequest<T>,
  signal: AbortSignal,
): Promise<ToolCallResult<T>> {
  const { tool } = request;
  const message = await client.messages.create(toolRequestBody(request), { signal });
  const usage = { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens };
  const call = message.content.find((b) => b.type === 'tool_use' && b.name === tool.name);
  if (call?.type !== 'tool_use')
    return { answer: null, problem: `the model did not call ${tool.name} (${message.stop_reason})`, ...usage };
  const parsed = tool.schema.safeParse(call.input);
  if (!parsed.success)
    return {
      answer: null,
      problem: `the model's answer is malformed: ${formatFirstIssue(parsed.error, call.input)}`,
      ...usage,
    };
  return { answer: parsed.data, problem: null, ...usage };
}
