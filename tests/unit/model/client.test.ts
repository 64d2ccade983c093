import { APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { classifyError, retryAfterMs, scrubSecrets } from '../../../lib/model/client';
import { costUsd, priceFor } from '../../../lib/provider/pricing';

function apiError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers(headers));
}

describe('API error classes', () => {
  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [404, 'config'],
    [400, 'fatal'],
    [413, 'fatal'],
    [408, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [503, 'transient'],
    [529, 'transient'],
  ])('%i is %s', (status, kind) => {
    expect(classifyError(apiError(status, 'x_error', 'm'), null).kind).toBe(kind);
  });

  it('timeouts and connection failures are transient', () => {
    expect(classifyError(new APIConnectionTimeoutError(), null)).toMatchObject({ kind: 'transient', status: null });
  });

  it('reads retry-after as seconds, an HTTP date, or retry-after-ms', () => {
    const now = Date.parse('2026-11-02T10:00:00.000Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '12' }), now)).toBe(12_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 02 Nov 2026 10:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '750', 'retry-after': '9' }), now)).toBe(750);
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(
      classifyError(apiError(429, 'rate_limit_error', 'slow', { 'retry-after': '3' }), null, now).retryAfterMs,
    ).toBe(3_000);
  });

  it('scrubs the key and key-shaped strings from anything shown', () => {
    const key = 'not-a-standard-shape-key-123';
    expect(scrubSecrets(`bad key ${key}`, key)).toBe('bad key [redacted key]');
    expect(scrubSecrets('leaked sk-ant-api03-abcdefghijklmnopqrstuv', null)).toBe(
      'leaked [redacted: API key or token]',
    );
  });
});

describe('prices', () => {
  it('knows the default model, and shows no cost for one it does not know', () => {
    expect(priceFor('claude-haiku-4-5-20251001')).toMatchObject({ inputPerMTok: 1, outputPerMTok: 5, known: true });
    expect(priceFor('my-local-llama')).toMatchObject({ inputPerMTok: 0, outputPerMTok: 0, known: false });
    expect(costUsd('claude-haiku-4-5', 1_000_000, 100_000)).toBeCloseTo(1.5);
    expect(costUsd('my-local-llama', 1_000_000, 100_000)).toBe(0);
  });
});
