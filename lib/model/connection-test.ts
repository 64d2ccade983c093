/**
 * "Test connection" in Settings: one real, tiny call shaped like an extraction — a tool the
 * model is forced to call (`tool_choice: {type: 'tool'}`) — and the outcome sorted into
 * something a person can act on (HTTP errors as extraction calls sort them:
 * client.ts classifyError). An Anthropic-compatible endpoint that answers with text
 * instead of the tool call would make every extraction fail, so that is its own problem here,
 * reported before any chat is sent.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { APIError } from '@anthropic-ai/sdk';
import { baseUrlProblem } from '../provider/base-url';
import type { ConnectionResult } from '../provider/connection-result';
import type { AuthStyle } from '../provider/presets';
import { classifyError, createClient } from './client';

export interface ConnectionInput {
  apiKey: string | null;
  baseUrl: string;
  model: string;
  auth?: AuthStyle;
  timeoutMs?: number;
}

/** The probe tool: one required field, so a real tool call is easy to tell from anything else. */
export const PROBE_TOOL = 'connection_check';
const PROBE: Anthropic.Tool = {
  name: PROBE_TOOL,
  description: 'Report that the connection works.',
  input_schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
};

function detailOf(error: unknown): string {
  if (error instanceof APIError) return error.apiMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** What came back instead of the forced tool call, in a few words for the detail line. */
function describeAnswer(message: Anthropic.Message): string {
  const kinds = message.content.map((b) => (b.type === 'tool_use' ? `tool_use ${b.name}` : b.type));
  return `The endpoint answered with ${kinds.join(', ') || 'no content'} (stop_reason ${message.stop_reason}) instead of calling the forced tool.`;
}

export async function testConnection(input: ConnectionInput): Promise<ConnectionResult> {
  const base = { model: input.model, status: null, detail: '' };
  const auth = input.auth ?? 'bearer';
  const urlProblem = baseUrlProblem(input.baseUrl);
  if (urlProblem === 'invalid') return { ...base, ok: false, problem: 'bad_base_url', detail: input.baseUrl };
  if (urlProblem) return { ...base, ok: false, problem: 'insecure_base_url', detail: input.baseUrl };
  if (auth !== 'none' && !input.apiKey) return { ...base, ok: false, problem: 'no_key' };
  const client = createClient({
    apiKey: input.apiKey,
    baseUrl: input.baseUrl,
    auth,
    timeoutMs: input.timeoutMs ?? 30_000,
  });
  try {
    const message = await client.messages.create({
      model: input.model,
      // Enough for a tool call of one boolean, including a model's preamble.
      max_tokens: 64,
      tools: [PROBE],
      tool_choice: { type: 'tool', name: PROBE_TOOL },
      messages: [{ role: 'user', content: 'Call the tool with ok set to true.' }],
    });
    const called = message.content.some((b) => b.type === 'tool_use' && b.name === PROBE_TOOL);
    if (!called) return { ...base, ok: false, problem: 'no_forced_tool', status: 200, detail: describeAnswer(message) };
    return { ...base, ok: true, problem: 'none', status: 200 };
  } catch (error) {
    const { problem, status, message } = classifyError(error, input.apiKey);
    // Refused here, before or after the request: the SDK's own words ("Connection error.") say nothing.
    const refusedHere = problem === 'consent' || problem === 'redirect';
    const detail = (refusedHere ? message : detailOf(error)).slice(0, 300);
    // A 400 that names tool_choice is the endpoint refusing forced tool use outright.
    if (status === 400 && /tool_choice|tool[ _]use|forced tool/i.test(detail)) {
      return { ...base, ok: false, problem: 'no_forced_tool', status, detail };
    }
    return { ...base, ok: false, problem, status, detail };
  }
}
