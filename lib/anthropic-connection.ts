/**
 * "Test connection" in Settings: one real, minimal call (max_tokens 1) to the Messages API
 * with the user's key, and the outcome sorted into something a person can act on. Kept in its
 * own file so the extraction issue can share or replace it without touching the panel.
 */
import { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import { createClient } from './anthropic-client';
import type { ConnectionProblem, ConnectionResult } from './connection-result';

export interface ConnectionInput {
  apiKey: string | null;
  baseUrl: string;
  model: string;
  timeoutMs?: number;
}

export function classifyError(error: unknown): { problem: ConnectionProblem; status: number | null } {
  if (error instanceof APIConnectionError) return { problem: 'network', status: null };
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 401) return { problem: 'bad_key', status };
    if (status === 403) return { problem: 'forbidden', status };
    if (status === 404) return { problem: 'not_found', status };
    if (status === 429) return { problem: 'rate_limited', status };
    if (status === 529) return { problem: 'overloaded', status };
    if (status >= 500) return { problem: 'server', status };
    return { problem: 'other', status };
  }
  return { problem: 'other', status: null };
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
    return { ...base, ok: false, ...classifyError(error), detail: detailOf(error).slice(0, 300) };
  }
}
