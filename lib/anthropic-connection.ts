/**
 * "Test connection" in Settings: one real, minimal call (max_tokens 1) to the Messages API
 * with the user's key, and the outcome sorted into something a person can act on (the same
 * sorting as extraction calls: anthropic-client.ts classifyError).
 */
import { APIError } from '@anthropic-ai/sdk';
import { classifyError, createClient } from './anthropic-client';
import type { ConnectionResult } from './connection-result';

export interface ConnectionInput {
  apiKey: string | null;
  baseUrl: string;
  model: string;
  timeoutMs?: number;
}

function detailOf(error: unknown): string {
  if (error instanceof APIError) return error.apiMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export async function testConnection(input: ConnectionInput): Promise<ConnectionResult> {
  const base = { model: input.model, status: null, detail: '' };
  if (!input.apiKey) return { ...base, ok: false, problem: 'no_key' };
  try {
    new URL(input.baseUrl);
  } catch {
    return { ...base, ok: false, problem: 'bad_base_url', detail: input.baseUrl };
  }
  const client = createClient({ apiKey: input.apiKey, baseUrl: input.baseUrl, timeoutMs: input.timeoutMs ?? 15_000 });
  try {
    await client.messages.create({
      model: input.model,
      max_tokens: 1,
      messages: [{ role: 'user', content: 'ping' }],
    });
    return { ...base, ok: true, problem: 'none', status: 200 };
  } catch (error) {
    const { problem, status } = classifyError(error, input.apiKey);
    return { ...base, ok: false, problem, status, detail: detailOf(error).slice(0, 300) };
  }
}
