import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, apiKeyOf, FakeAnthropicApi, toolUseMessage } from '../fake-api/server';

describe('the fake Messages API speaks to the real SDK', () => {
  const api = new FakeAnthropicApi();
  beforeAll(async () => {
    await api.start();
  });
  afterAll(() => api.stop());

  it('answers a tool call and records the request the SDK sent', async () => {
    api.reset();
    api.enqueue({ body: toolUseMessage('save_memories', { summary: 's', memories: [] }) });
    const client = new Anthropic({
      apiKey: 'sk-ant-test-0000',
      baseURL: api.url,
      maxRetries: 0,
      dangerouslyAllowBrowser: true,
    });
    const msg = await client.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: '你好' }],
    });
    expect(msg.content[0]?.type).toBe('tool_use');
    const [req] = api.messageRequests();
    expect(req && apiKeyOf(req)).toBe('sk-ant-test-0000');
    expect(req?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect((req?.body as { messages: { content: string }[] } | undefined)?.messages[0]?.content).toBe('你好');
  });

  it('returns scripted API errors with their status', async () => {
    api.reset();
    api.enqueue(apiError(429, 'rate_limit_error', 'slow down', { 'retry-after': '3' }));
    const client = new Anthropic({ apiKey: 'sk-ant-test-0000', baseURL: api.url, maxRetries: 0 });
    await expect(
      client.messages.create({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 429 });
  });
});
