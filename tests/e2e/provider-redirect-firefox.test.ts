/**
 * A provider answering with a redirect, in real Firefox ESR (its background page's own fetch):
 * the redirect is not followed, so neither the request nor the key reaches the other server,
 * and Test connection says why. Two real servers on this computer, on different ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi } from '../fake-api/server';
import { type FirefoxExtension, launchFirefox } from './harness/firefox';

const KEY = 'sk-ant-api03-FIREFOX-REDIRECT-0123456789abcdefghijklmnop';

type Reply = { ok: boolean; data?: unknown; error?: { message: string } };
type BrowserGlobal = { browser: { runtime: { sendMessage(m: unknown): Promise<Reply> } } };

describe('a provider answering with a redirect (Firefox)', () => {
  const provider = new FakeAnthropicApi();
  const elsewhere = new FakeAnthropicApi();
  let ff: FirefoxExtension;
  beforeAll(async () => {
    await elsewhere.start();
    await provider.start();
    provider.respondWith((req) => ({ status: 307, headers: { location: `${elsewhere.url}${req.path}` }, body: '' }));
    ff = await launchFirefox();
  });
  afterAll(async () => {
    await ff?.close();
    await provider.stop();
    await elsewhere.stop();
  });

  it('follows nothing: no request, body or key reaches the other server', async () => {
    const page = await ff.openExtensionPage('sidepanel.html');
    const send = async (type: string, payload: unknown = {}) => {
      const reply = await page.evaluate(
        (t, p) => (globalThis as unknown as BrowserGlobal).browser.runtime.sendMessage({ type: t, payload: p }),
        type,
        payload,
      );
      if (!reply.ok) throw new Error(`${type}: ${reply.error?.message}`);
      return reply.data as Record<string, unknown>;
    };
    await send('settings.set', {
      settings: {
        version: SETTINGS_VERSION,
        provider: 'custom',
        authStyle: 'x-api-key',
        baseUrl: provider.url,
        model: 'local-model',
      },
      apiKey: KEY,
    });
    const result = await send('connection.test');
    expect(elsewhere.requests.map((r) => r.headers['x-api-key'] ?? r.method)).toEqual([]);
    expect(provider.messageRequests()).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, problem: 'redirect' });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});
