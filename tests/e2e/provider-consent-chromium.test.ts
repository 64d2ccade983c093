/**
 * The notice before the first call to each cloud provider, in real Chromium: with a key saved
 * for api.anthropic.com, Settings shows the notice naming Anthropic and its host, and no
 * request reaches the provider (not even through the background directly) until the user
 * presses "I agree"; then Test connection goes out. Picking DeepSeek afterwards shows the
 * notice again, naming DeepSeek, and nothing goes to it. The notice links to the bundled
 * privacy policy, in both languages. A provider answering with a redirect gets nothing
 * followed: the browser's own fetch is what is tested there. Requests to api.anthropic.com are
 * served by the local fake API; anything else off this computer is recorded and refused.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi } from '../fake-api/server';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendFrom } from './harness/extension-rpc';
import { openPanel, openSettings, shot } from './harness/panel';

const KEY = 'sk-ant-api03-e2e-consent-0123456789abcdef';
let ext: ExtensionBrowser;
let panel: Page;
const api = new FakeAnthropicApi({ key: KEY });
const toProvider: string[] = [];
/** Every other request that would have left this computer. */
const refused: string[] = [];

beforeAll(async () => {
  await api.start();
  ext = await launchChromium();
  await ext.context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('chrome-extension://') || url.startsWith(api.url)) return route.continue();
    if (url.startsWith('https://api.anthropic.com/')) {
      toProvider.push(url);
      // The real address, answered by the fake: the extension cannot tell.
      const answer = await route.fetch({ url: api.url + new URL(url).pathname });
      return route.fulfill({ response: answer });
    }
    // The redirect check's two servers on this computer; counted by the servers themselves.
    if (url.startsWith('http://127.0.0.1:')) return route.continue();
    refused.push(url);
    return route.abort();
  });
  panel = await openPanel(ext);
  await sendFrom(panel, 'settings.set', {
    settings: { version: SETTINGS_VERSION, provider: 'anthropic', baseUrl: 'https://api.anthropic.com' },
    apiKey: KEY,
  });
});

afterAll(async () => {
  await ext?.close();
  await api.stop();
});

describe('provider disclosure (Chromium)', () => {
  it('shows the notice and sends nothing before the user agrees', async () => {
    await openSettings(panel, 'connection');
    const notice = panel.getByRole('heading', { name: 'Before anything is sent to Anthropic (api.anthropic.com)' });
    await notice.waitFor();
    await notice.scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Nothing was sent: accept the notice above first.' }).waitFor();
    // The background refuses on its own, whatever the panel shows.
    const result = await sendFrom<{ ok: boolean; problem: string }>(panel, 'connection.test', {});
    expect(result).toMatchObject({ ok: false, problem: 'consent' });
    expect(toProvider).toEqual([]);
    expect(api.requests).toEqual([]);
    await shot(panel, 'settings-provider-disclosure');
  });

  it('links to the bundled privacy policy, in English and Chinese', async () => {
    const link = panel.getByRole('link', { name: 'Privacy policy' });
    expect(await link.getAttribute('href')).toBe('privacy.html');
    const policy = await ext.context.newPage();
    const base = new URL(panel.url());
    await policy.goto(new URL('privacy.html', base).href);
    await policy.getByRole('heading', { level: 1, name: 'claude-mem privacy policy' }).waitFor();
    await policy.getByRole('link', { name: '中文版' }).click();
    await policy.getByRole('heading', { level: 1, name: 'claude-mem 隐私政策' }).waitFor();
    // The flow marks for the policy's test are not shown.
    expect(await policy.content()).not.toContain('flow:');
    await policy.close();
  });

  it('after "I agree", Test connection reaches the provider', async () => {
    await panel.getByRole('button', { name: 'I agree' }).click();
    await panel.getByText(/You agreed on \d{4}-\d\d-\d\d to send chats to Anthropic \(api\.anthropic\.com\)/).waitFor();
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByText('Connected.', { exact: false }).first().waitFor();
    expect(toProvider).toEqual(['https://api.anthropic.com/v1/messages']);
    expect(api.messageRequests()).toHaveLength(1);
  });

  it('picking another provider shows the notice again, naming it, and sends it nothing', async () => {
    await panel.getByLabel('Provider').selectOption('deepseek');
    const notice = panel.getByRole('heading', { name: 'Before anything is sent to DeepSeek (api.deepseek.com)' });
    await notice.waitFor();
    // The background refuses on its own: agreeing for Anthropic does not cover DeepSeek.
    const result = await sendFrom<{ ok: boolean; problem: string }>(panel, 'connection.test', {
      baseUrl: 'https://api.deepseek.com/anthropic',
      apiKey: KEY,
      provider: 'deepseek',
    });
    expect(result).toMatchObject({ ok: false, problem: 'consent' });
    expect(refused).toEqual([]);
    await shot(panel, 'settings-provider-disclosure-deepseek');
    // Back to Anthropic: agreed already, no notice.
    await panel.getByLabel('Provider').selectOption('anthropic');
    await panel.getByText(/You agreed on .* Anthropic \(api\.anthropic\.com\)/).waitFor();
  });

  it('takes the agreement back: the notice shows again and nothing is sent there', async () => {
    await panel.getByRole('button', { name: 'Withdraw' }).click();
    await panel.getByRole('heading', { name: 'Before anything is sent to Anthropic (api.anthropic.com)' }).waitFor();
    const sentBefore = toProvider.length;
    const result = await sendFrom<{ ok: boolean; problem: string }>(panel, 'connection.test', {});
    expect(result).toMatchObject({ ok: false, problem: 'consent' });
    expect(toProvider).toHaveLength(sentBefore);
  });
});

describe('a provider answering with a redirect (Chromium)', () => {
  const provider = new FakeAnthropicApi();
  const elsewhere = new FakeAnthropicApi();

  beforeAll(async () => {
    await elsewhere.start();
    await provider.start();
    provider.respondWith((req) => ({ status: 307, headers: { location: `${elsewhere.url}${req.path}` }, body: '' }));
    await sendFrom(panel, 'settings.set', {
      settings: {
        version: SETTINGS_VERSION,
        provider: 'custom',
        authStyle: 'x-api-key',
        baseUrl: provider.url,
        model: 'local-model',
      },
      apiKey: KEY,
    });
  });
  afterAll(async () => {
    await provider.stop();
    await elsewhere.stop();
  });

  it('the browser follows nothing: no request, body or key reaches the other server', async () => {
    const result = await sendFrom<{ ok: boolean; problem: string; detail: string }>(panel, 'connection.test', {});
    expect(elsewhere.requests.map((r) => r.headers['x-api-key'] ?? r.method)).toEqual([]);
    expect(provider.messageRequests()).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, problem: 'redirect' });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});
