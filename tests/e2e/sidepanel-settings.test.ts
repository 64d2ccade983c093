/**
 * Settings in Chromium: a round trip through storage (reload shows what was saved), the
 * language switch, the privacy tester, and Test connection against the local fake API in
 * the success and 401 cases.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, FakeAnthropicApi } from '../fake-api/server';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { openPanel, openSettings, openSiteRow } from './harness/panel';

describe('Settings (Chromium)', () => {
  let ext: ExtensionBrowser;
  let panel: Page;
  const api = new FakeAnthropicApi();
  beforeAll(async () => {
    await api.start();
    ext = await launchChromium();
    panel = await openPanel(ext);
    await openSettings(panel);
  });
  afterAll(async () => {
    await ext?.close();
    await api.stop();
  });

  it('saves every kind of setting and shows them again after a reload', async () => {
    await openSettings(panel, 'capture');
    await panel.getByLabel('Idle minutes').fill('25');
    // The default is a year ('1y'); a month is a change a reload must show again.
    await panel.getByLabel('Keep chat history').selectOption('30d');
    await panel.getByLabel('Daily token cap').fill('120000');
    await openSettings(panel, 'connection');
    await panel.getByLabel('Model').fill('claude-sonnet-4-5');
    await openSettings(panel, 'sites');
    await panel.getByLabel('Add memories on Claude').selectOption('manual');
    await panel.getByLabel('Learn from chats on Gemini').uncheck();
    await openSiteRow(panel, 'DeepSeek');
    await panel.getByLabel('DeepSeek token budget').fill('800');
    await panel.getByLabel('DeepSeek: use my past chats as context').selectOption('any-site');
    await panel.getByRole('note').filter({ hasText: 'Chats from one company then go to another' }).waitFor();
    await openSettings(panel, 'capture');
    await panel.getByRole('button', { name: '+ Add a pattern' }).click();
    await panel.getByLabel('Name', { exact: true }).fill('project');
    await panel.getByLabel('Pattern (regular expression)').fill('Project [A-Z]+');
    await panel.getByText('Unsaved changes').waitFor();
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await panel.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();

    await panel.reload();
    await openSettings(panel, 'capture');
    expect(await panel.getByLabel('Idle minutes').inputValue()).toBe('25');
    expect(await panel.getByLabel('Keep chat history').inputValue()).toBe('30d');
    expect(await panel.getByLabel('Daily token cap').inputValue()).toBe('120000');
    expect(await panel.getByLabel('Pattern (regular expression)').inputValue()).toBe('Project [A-Z]+');
    await openSettings(panel, 'connection');
    expect(await panel.getByLabel('Model').inputValue()).toBe('claude-sonnet-4-5');
    await openSettings(panel, 'sites');
    expect(await panel.getByLabel('Add memories on Claude').inputValue()).toBe('manual');
    expect(await panel.getByLabel('Learn from chats on Gemini').isChecked()).toBe(false);
    await openSiteRow(panel, 'DeepSeek');
    expect(await panel.getByLabel('DeepSeek token budget').inputValue()).toBe('800');
    expect(await panel.getByLabel('DeepSeek: use my past chats as context').inputValue()).toBe('any-site');
    await panel.getByText('All saved').waitFor();
  });

  it('shows live what the privacy patterns would hide', async () => {
    await openSettings(panel, 'capture');
    await panel.getByLabel('Try your patterns').fill('Working on Project ATLAS with Lin, card 4111 1111 1111 1111');
    await expect
      .poll(() =>
        panel
          .getByRole('status', { name: 'What would be sent' })
          .or(panel.locator('output.redacted'))
          .first()
          .textContent(),
      )
      .toBe('Working on [redacted: project] with Lin, card [redacted: card number]');
    expect(await panel.getByText('1 match in the test text').count()).toBe(1);
    await panel.getByLabel('Pattern (regular expression)').fill('Project [A-Z');
    await panel
      .getByText(
        'Not a valid pattern, or one this filter does not run (lookarounds, back-references, very large repeats): it will be ignored.',
      )
      .waitFor();
    await panel.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('switches the whole panel to Chinese and back', async () => {
    await openSettings(panel, 'language');
    await panel.getByLabel('Panel language').selectOption('zh');
    await panel.getByRole('tab', { name: '设置' }).waitFor();
    // Every choice in Settings is kept by the one Save settings.
    await panel.getByRole('button', { name: '保存设置' }).click();
    await panel.getByRole('status').filter({ hasText: '设置已保存。' }).waitFor();
    await openSettings(panel, 'connection');
    expect(await panel.getByRole('heading', { name: '连接' }).count()).toBe(1);
    expect(await panel.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await panel.reload();
    await panel.getByRole('tab', { name: '记忆' }).waitFor();
    await openSettings(panel, 'language');
    await panel.getByLabel('面板语言').selectOption('en');
    await panel.getByRole('tab', { name: 'Settings' }).waitFor();
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await panel.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
  });

  it('tests the connection: success with a good key, plain words for a refused one', async () => {
    await openSettings(panel, 'connection');
    await panel.getByLabel('Base URL').fill(api.url);
    await panel.getByLabel('API key').fill('sk-ant-test-good');
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByRole('status').filter({ hasText: 'Connected. claude-sonnet-4-5 answered.' }).waitFor();
    const call = api.messageRequests().at(-1);
    expect(call?.body).toMatchObject({ model: 'claude-sonnet-4-5', tool_choice: { type: 'tool' } });
    // Another address than the preset's makes it a custom endpoint, with the auth it had.
    expect(await panel.getByLabel('Provider').inputValue()).toBe('custom');
    expect(await panel.getByLabel('Key sent as').inputValue()).toBe('bearer');

    api.enqueue(apiError(401, 'authentication_error', 'invalid x-api-key'));
    await panel.getByLabel('API key').fill('sk-ant-test-bad');
    await panel.getByRole('button', { name: 'Test connection' }).click();
    const alert = panel.getByRole('alert').filter({ hasText: 'The API key was refused (401)' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('invalid x-api-key');
    expect(await alert.textContent()).not.toContain('sk-ant-test-bad');
  });

  it('saves the key write-only: the panel learns only that one is stored', async () => {
    await panel.getByLabel('API key').fill('sk-ant-test-good');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await panel.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(await panel.getByLabel('API key').inputValue()).toBe('');
    expect(await panel.getByLabel('API key').getAttribute('placeholder')).toContain('A key is saved');
    expect(await panel.content()).not.toContain('sk-ant-test-good');
    // The stored key is used when the box is empty.
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByRole('status').filter({ hasText: 'Connected.' }).waitFor();
  });
});
