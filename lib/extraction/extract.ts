/**
 * One extraction call: the prompt goes out with `save_memories` as the only tool and
 * `tool_choice` forcing it; the tool input is parsed with the zod schema the tool's JSON
 * schema came from. An invalid answer is asked for once more (telling the model what was
 * wrong); a second invalid answer throws InvalidAnswerError with a reason a person can read.
 * API errors are not caught here: the queue classifies them (lib/model/client.ts).
 */
import type Anthropic from '@anthropic-ai/sdk';
import { formatFirstIssue } from '../zod-errors';
import { SAVE_MEMORIES_TOOL, type SaveMemoriesInput, SaveMemoriesSchema, TOOL_NAME } from './extract-schema';

export interface ExtractCall {
  model: string;
  system: string;
  user: string;
  maxTokens?: number;
}

export interface CallUsage {
  inputTokens: number;
  outputTokens: number;
}

export class InvalidAnswerError extends Error {
  override name = 'InvalidAnswerError';
}

const DEFAULT_MAX_TOKENS = 4096;

type Parsed = { ok: true; value: SaveMemoriesInput } | { ok: false; reason: string };

function parseAnswer(message: Anthropic.Message): Parsed {
  const call = message.content.find((b) => b.type === 'tool_use' && b.name === TOOL_NAME);
  if (message.stop_reason === 'max_tokens') return { ok: false, reason: 'the answer was cut off (max_tokens)' };
  if (call?.type !== 'tool_use') {
    return { ok: false, reason: `no ${TOOL_NAME} call in the answer (stop_reason ${message.stop_reason})` };
  }
  const parsed = SaveMemoriesSchema.safeParse(call.input);
  if (!parsed.success) return { ok: false, reason: `tool input: ${formatFirstIssue(parsed.error, call.input)}` };
  return { ok: true, value: parsed.data };
}

function request(call: ExtractCall, correction: string | null): Anthropic.MessageCreateParamsNonStreaming {
  const user = correction
    ? `${call.user}\n\nYour previous answer was invalid (${correction}). Call ${TOOL_NAME} again with input that matches its schema.`
    : call.user;
  return {
    model: call.model,
    max_tokens: call.maxTokens ?? DEFAULT_MAX_TOKENS,
    system: call.system,
    tools: [SAVE_MEMORIES_TOOL],
    tool_choice: { type: 'tool', name: TOOL_NAME },
    messages: [{ role: 'user', content: user }],
  };
}

/**
 * Runs the call, at most twice. `onUsage` hears about every answer's tokens as soon as it
 * arrives, so tokens spent on an invalid answer are still counted against the daily cap.
 */
export async function extractMemories(
  client: Anthropic,
  call: ExtractCall,
  onUsage: (usage: CallUsage) => Promise<void>,
): Promise<SaveMemoriesInput> {
  let correction: string | null = null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const message = await client.messages.create(request(call, correction));
    await onUsage({ inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens });
    const parsed = parseAnswer(message);
    if (parsed.ok) return parsed.value;
    correction = parsed.reason;
  }
  throw new InvalidAnswerError(`The model answered in the wrong format twice: ${correction}.`);
}
