/**
 * The disclosure before the first call to a cloud provider, in real Chromium: with a key saved
 * for api.anthropic.com, Settings shows the notice and no request reaches the provider (not
 * even through the background directly) until the user presses "I agree"; then Test connection
 * goes out. The notice links to the bundled privacy policy, in both languages. Requests to
 * api.anthropic.com are served by the local fake API; anything else off this computer is refused.
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
    await panel.getByRole('heading', { name: 'Before anything is sent to Anthropic' }).waitFor();
    await panel.getByRole('heading', { name: 'Before anything is sent to Anthropic' }).scrollIntoViewIfNeeded();
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
    await panel.getByText(/You agreed on \d{4}-\d\d-\d\d/).waitFor();
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByText('Connected.', { exact: false }).first().waitFor();
    expect(toProvider).toEqual(['https://api.anthropic.com/v1/messages']);
    expect(api.messageRequests()).toHaveLength(1);
  });
});
