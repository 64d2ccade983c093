/**
 * "Test connection": one minimal call (max_tokens 1) with the key, base URL and model the user
 * is about to save, or the stored ones. Says plainly which of the three is wrong.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { type ClientConfig, classifyError } from '../anthropic-client';
import { pingModel } from '../memory/extract';

export interface ConnectionInput {
  apiKey: string | null;
  baseUrl: string;
  model: string;
}

export interface ConnectionResult {
  ok: boolean;
  message: string;
  model?: string;
}

export async function testConnection(
  input: ConnectionInput,
  createClient: (config: ClientConfig) => Anthropic,
  timeoutMs = 20_000,
): Promise<ConnectionResult> {
  if (!input.apiKey) return { ok: false, message: 'No API key: enter your Anthropic API key first.' };
  const client = createClient({ apiKey: input.apiKey, baseUrl: input.baseUrl, timeoutMs });
  try {
    const model = await pingModel(client, input.model);
    return { ok: true, message: `Connected: ${model} answered at ${input.baseUrl}.`, model };
  } catch (error) {
    const failure = classifyError(error, input.apiKey);
    if (failure.kind === 'config') {
      return {
        ok: false,
        message: `The API at ${input.baseUrl} does not know the model "${input.model}" (404). Check the model name, and that the base URL is an Anthropic-compatible Messages API.`,
      };
    }
    if (failure.status === 429 || failure.status === 529) {
      return { ok: false, message: `${failure.message} The key and base URL look right; try again in a minute.` };
    }
    return { ok: false, message: failure.message };
  }
}
