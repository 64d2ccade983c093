/**
 * The Anthropic SDK as the background uses it: one client per call with the user's key, base
 * URL and model; no SDK retries (the durable queue retries, and survives the worker being
 * stopped, which in-memory retries do not); SDK logging off, so nothing it might print can
 * carry the key. Errors are sorted into what the queue does about them, with messages that
 * are safe to show (the key is scrubbed from anything the server echoed back).
 * Background only: the SDK must never be bundled into the content script.
 */
import Anthropic, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { redact } from '../privacy/privacy';
import type { ConnectionProblem } from '../provider/connection-result';
import { ConsentMissingError, consentGuardedFetch, RedirectRefusedError } from '../provider/consent-gate';
import type { AuthStyle } from '../provider/presets';

export interface ClientConfig {
  /** Null only with `auth: 'none'`. */
  apiKey: string | null;
  baseUrl: string;
  timeoutMs: number;
  /** Default `bearer`: what the SDK itself sends. */
  auth?: AuthStyle;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The SDK always adds `authorization: Bearer <apiKey>`; a `null` default header removes it.
 * - `x-api-key`: the key goes in `x-api-key` instead, and no Authorization header is sent;
 * - `none`: no auth header at all, so a stored key never reaches a local server. The SDK
 *   still wants some credential to build the client; a fixed placeholder is given and its
 *   header removed.
 */
function authOptions(config: ClientConfig): { apiKey: string; defaultHeaders?: Record<string, string | null> } {
  const auth = config.auth ?? 'bearer';
  if (auth === 'none') return { apiKey: 'unused', defaultHeaders: { authorization: null } };
  const key = config.apiKey ?? '';
  if (auth === 'x-api-key') return { apiKey: key, defaultHeaders: { authorization: null, 'x-api-key': key } };
  return { apiKey: key };
}

export function createClient(config: ClientConfig): Anthropic {
  return new Anthropic({
    ...authOptions(config),
    baseURL: config.baseUrl.replace(/\/+$/, ''),
    timeout: config.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
    // Nothing goes to an origin the user has not accepted the notice for, and no redirect is
    // followed, so the key and the chat reach only the address entered (consent-gate.ts).
    fetch: consentGuardedFetch(),
    // The key is the user's own, kept in extension storage and sent only from the background.
    dangerouslyAllowBrowser: true,
  });
}

/**
 * What went wrong, by what the queue should do:
 * - `auth`: 401/403, the key is wrong or lacks access → stop the queue, tell the user;
 * - `config`: 404, model or base URL wrong → stop the queue, every job would fail the same way;
 * - `transient`: 408/409/429/5xx/529, network errors, timeouts → back off and retry;
 * - `fatal`: 400 and other 4xx → this job fails with the API's message.
 * `problem` is the same outcome in the words Settings → Test connection shows.
 */
export type FailureKind = 'auth' | 'config' | 'transient' | 'fatal';

export interface CallFailure {
  kind: FailureKind;
  problem: ConnectionProblem;
  status: number | null;
  message: string;
  /** From `retry-after-ms` / `retry-after` (seconds or an HTTP date), when the server sent one. */
  retryAfterMs: number | null;
}

/** Removes the key and anything key-shaped from text that may leave the background. */
export function scrubSecrets(text: string, apiKey: string | null): string {
  let out = apiKey && apiKey.length >= 8 ? text.split(apiKey).join('[redacted key]') : text;
  out = redact(out).text;
  return out.length > 500 ? `${out.slice(0, 500)}…` : out;
}

export function retryAfterMs(headers: Headers | undefined, nowMs: number): number | null {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}

function apiText(error: APIError): string {
  const detail = error.apiMessage ?? error.message;
  return error.type ? `${error.type}: ${detail}` : detail;
}

function describe(error: APIError, kind: FailureKind): string {
  const status = error.status;
  if (kind === 'auth' && status === 401)
    return `The API key was rejected (401 ${apiText(error)}). Check the key in Settings.`;
  if (kind === 'auth')
    return `The API key is not allowed to do this (403 ${apiText(error)}). Check the key's workspace and permissions.`;
  if (kind === 'config') return `Not found (404 ${apiText(error)}). Check the model name and the base URL in Settings.`;
  if (status === 429) return `Rate limited by the API (429 ${apiText(error)}).`;
  if (status === 529) return `The API is overloaded (529 ${apiText(error)}).`;
  return `The API answered ${status} (${apiText(error)}).`;
}

function problemOfStatus(status: number): ConnectionProblem {
  if (status === 401) return 'bad_key';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 529) return 'overloaded';
  return status >= 500 ? 'server' : 'other';
}

function kindOfStatus(status: number): FailureKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'config';
  if (status === 408 || status === 409 || status === 429 || status >= 500) return 'transient';
  return 'fatal';
}

export function classifyError(error: unknown, apiKey: string | null, nowMs: number = Date.now()): CallFailure {
  const safe = (text: string) => scrubSecrets(text, apiKey);
  if (error instanceof APIConnectionError && error.cause instanceof ConsentMissingError) {
    // Like a wrong model: every call would be refused the same way until the user acts.
    const message = `${error.cause.message} Accept it in Settings → Connection.`;
    return { kind: 'config', problem: 'consent', status: null, message, retryAfterMs: null };
  }
  if (error instanceof APIConnectionError && error.cause instanceof RedirectRefusedError) {
    // The endpoint sends every call elsewhere: retrying cannot help, the base URL must change.
    return { kind: 'config', problem: 'redirect', status: null, message: error.cause.message, retryAfterMs: null };
  }
  if (error instanceof APIConnectionTimeoutError) {
    const message = 'The API did not answer in time.';
    return { kind: 'transient', problem: 'network', status: null, message, retryAfterMs: null };
  }
  if (error instanceof APIUserAbortError) {
    const message = 'The request was cancelled.';
    return { kind: 'transient', problem: 'other', status: null, message, retryAfterMs: null };
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = `Could not reach the API${cause}. Check the network and the base URL.`;
    return { kind: 'transient', problem: 'network', status: null, message: safe(message), retryAfterMs: null };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const kind = kindOfStatus(error.status);
    return {
      kind,
      problem: problemOfStatus(error.status),
      status: error.status,
      message: safe(describe(error, kind)),
      retryAfterMs: retryAfterMs(error.headers, nowMs),
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  const message = safe(`Unexpected error: ${text}`);
  return { kind: 'transient', problem: 'other', status: null, message, retryAfterMs: null };
}
