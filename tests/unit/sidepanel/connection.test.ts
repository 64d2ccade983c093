import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { PROBE_TOOL, testConnection } from '../../../lib/model/connection-test';
import { apiError, FakeAnthropicApi, textMessage, toolUseMessage } from '../../fake-api/server';
import { extensionSender, routerOptions } from '../helpers';

describe('Test connection', () => {
  const api = new FakeAnthropicApi();
  beforeAll(async () => {
    await api.start();
  });
  beforeEach(() => api.reset());
  afterAll(() => api.stop());
  const input = () => ({ apiKey: 'sk-ant-test-1', baseUrl: api.url, model: 'claude-haiku-4-5' });

  it('makes one real, tiny forced-tool call and reports success when the tool is called', async () => {
    expect(await testConnection(input())).toMatchObject({ ok: true, problem: 'none', status: 200 });
    expect(api.messageRequests()).toHaveLength(1);
    expect(api.messageRequests()[0]?.body).toMatchObject({
      max_tokens: 64,
      model: 'claude-haiku-4-5',
      tool_choice: { type: 'tool', name: PROBE_TOOL },
      tools: [expect.objectContaining({ name: PROBE_TOOL })],
    });
  });

  it('fails clearly when the endpoint answers a forced tool with text instead', async () => {
    api.enqueue({ body: textMessage('Sure! The connection works.') });
    const r = await testConnection(input());
    expect(r).toMatchObject({ ok: false, problem: 'no_forced_tool', status: 200 });
    expect(r.detail).toContain('answered with text');
  });

  it('fails clearly when the endpoint calls another tool, or refuses tool_choice outright', async () => {
    api.enqueue({ body: toolUseMessage('some_other_tool', {}) });
    expect(await testConnection(input())).toMatchObject({ ok: false, problem: 'no_forced_tool' });
    api.enqueue(apiError(400, 'invalid_request_error', 'tool_choice type "tool" is not supported'));
    expect(await testConnection(input())).toMatchObject({ ok: false, problem: 'no_forced_tool', status: 400 });
    // Another 400 stays what it is.
    api.enqueue(apiError(400, 'invalid_request_error', 'max_tokens: must be positive'));
    expect(await testConnection(input())).toMatchObject({ ok: false, problem: 'other', status: 400 });
  });

  it('refuses plain http to another computer before sending anything, and needs no key locally', async () => {
    const before = api.requests.length;
    for (const baseUrl of ['http://api.example.com', 'http://localhost.evil.com', 'http://localhost@evil.com']) {
      expect(await testConnection({ ...input(), baseUrl })).toMatchObject({ ok: false, problem: 'insecure_base_url' });
    }
    expect(api.requests.length).toBe(before);
    const local = new FakeAnthropicApi({ auth: 'none' });
    await local.start();
    expect(await testConnection({ ...input(), apiKey: null, baseUrl: local.url, auth: 'none' })).toMatchObject({
      ok: true,
    });
    await local.stop();
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
