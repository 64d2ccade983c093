import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { testConnection } from '../../../lib/anthropic-connection';
import { apiError, FakeAnthropicApi } from '../../fake-api/server';
import { extensionSender, routerOptions } from '../helpers';

describe('Test connection', () => {
  const api = new FakeAnthropicApi();
  beforeAll(async () => {
    await api.start();
  });
  beforeEach(() => api.reset());
  afterAll(() => api.stop());
  const input = () => ({ apiKey: 'sk-ant-test-1', baseUrl: api.url, model: 'claude-haiku-4-5' });

  it('makes one real, tiny call and reports success', async () => {
    expect(await testConnection(input())).toMatchObject({ ok: true, problem: 'none', status: 200 });
    expect(api.messageRequests()).toHaveLength(1);
    expect(api.messageRequests()[0]?.body).toMatchObject({ max_tokens: 1, model: 'claude-haiku-4-5' });
  });

  it.each([
    [401, 'authentication_error', 'bad_key'],
    [403, 'permission_error', 'forbidden'],
    [404, 'not_found_error', 'not_found'],
    [429, 'rate_limit_error', 'rate_limited'],
    [500, 'api_error', 'server'],
    [529, 'overloaded_error', 'overloaded'],
  ] as const)('sorts HTTP %i into "%s"', async (status, type, problem) => {
    api.enqueue(apiError(status, type, `fake ${type}`));
    const r = await testConnection(input());
    expect(r).toMatchObject({ ok: false, problem, status, detail: `fake ${type}` });
  });

  it('tells a missing key, a bad URL and an unreachable host apart', async () => {
    expect(await testConnection({ ...input(), apiKey: null })).toMatchObject({ problem: 'no_key' });
    expect(await testConnection({ ...input(), baseUrl: 'not a url' })).toMatchObject({ problem: 'bad_base_url' });
    const closed = new FakeAnthropicApi();
    const url = await closed.start();
    await closed.stop();
    expect(await testConnection({ ...input(), baseUrl: url, timeoutMs: 3000 })).toMatchObject({ problem: 'network' });
  });

  it('never echoes the key back through the handler', async () => {
    api.enqueue(apiError(401, 'authentication_error', 'key sk-ant-test-secret is invalid'));
    const route = createRouter(handlers, routerOptions);
    const reply = await route(
      { type: 'connection.test', payload: { apiKey: 'sk-ant-test-secret', baseUrl: api.url } },
      extensionSender,
    );
    expect(reply).toMatchObject({ ok: true, data: { problem: 'bad_key', detail: 'key [key] is invalid' } });
    expect(JSON.stringify(reply)).not.toContain('sk-ant-test-secret');
  });
});
