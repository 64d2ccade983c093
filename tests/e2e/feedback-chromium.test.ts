/**
 * What the side panel says after things happen, in real Chromium against the fake Messages
 * API: an extraction that added memories shows "Learned 3 memories from “…”" with a link to
 * them and puts the count on the toolbar button until they are seen; a success notice fades
 * on its own in a neutral colour, an error stays until dismissed; both follow the panel
 * language. Screenshots in English and Chinese go to tests/e2e/screenshots/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { kimiChat, writeChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendFrom } from './harness/extension-rpc';
import { memoriesAction, setLanguage, shot, writeJson } from './harness/panel';

const KEY = 'sk-ant-api03-E2E-0123456789abcdefghijklmnopqrstuvwxyz';
const MEMORIES = [
  { op: 'add', content: 'Plans a trip to Lisbon in May with two friends', type: 'task', importance: 3 },
  { op: 'add', content: 'Prefers trains to planes for trips under six hours', type: 'preference', importance: 4 },
  { op: 'add', content: 'Travel budget is €1,200 per person', type: 'fact', importance: 4 },
];

declare const chrome: { action: { getBadgeText(details: object): Promise<string> } };

describe('feedback in the side panel (Chromium)', () => {
  const api = new FakeAnthropicApi();
  let ext: ExtensionBrowser;
  let panel: Page;
  beforeAll(async () => {
    await api.start();
    ext = await launchChromium();
    panel = await ext.openSidePanel();
    await panel.setViewportSize({ width: 360, height: 760 });
  });
  afterAll(async () => {
    await ext?.close();
    await api.stop();
  });

  const badge = () => panel.evaluate(() => chrome.action.getBadgeText({}));

  it('says what an extraction learned, links to it, and badges the button until seen', async () => {
    api.respondWith(() => ({ body: toolUseMessage('save_memories', { summary: 'Trip', memories: MEMORIES }) }));
    await sendFrom(panel, 'settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
    const chat = kimiChat(
      'trip-1',
      'Trip planning',
      [
        { role: 'user', text: 'We are three friends going to Lisbon in May; I prefer trains to planes.' },
        { role: 'assistant', text: 'Lisbon in May is lovely.' },
        { role: 'user', text: 'Our budget is €1,200 each.' },
      ],
      '2026-11-01T08:00:00.000Z',
    );
    await panel.evaluate(writeChatsInPage, [chat]);
    await sendFrom(panel, 'queue.extractNow', { chatId: 'kimi:trip-1' });
    const line = panel.locator('.status.learned');
    await expect
      .poll(() => line.textContent(), { timeout: 20_000 })
      .toContain('Learned 3 memories from “Trip planning”.');
    expect(await badge()).toBe('3');
    await shot(panel, 'feedback-learned-en');
    await setLanguage(panel, 'zh');
    await expect.poll(() => line.textContent()).toContain('从“Trip planning”学到 3 条记忆。');
    await shot(panel, 'feedback-learned-zh');
    await setLanguage(panel, 'en');
    await line.getByRole('button', { name: 'Show them' }).click();
    await expect.poll(() => line.count()).toBe(0);
    expect(await badge()).toBe('');
    await panel.getByRole('list', { name: 'Memories' }).getByText('Travel budget is €1,200 per person').waitFor();
  });

  it('a success fades by itself in a neutral colour; an error stays, in the language switched to', async () => {
    await panel.getByRole('tab', { name: 'Memories' }).click();
    await memoriesAction(panel, 'Export memories');
    const ok = panel.getByRole('status').filter({ hasText: /^Exported \d+ current memor/ });
    await ok.waitFor();
    const colours = await ok.evaluate((p) => {
      const box = getComputedStyle(p.parentElement as Element);
      return { background: box.backgroundColor, color: box.color };
    });
    await shot(panel, 'feedback-success-en');
    await expect.poll(() => ok.count(), { timeout: 10_000 }).toBe(0);

    await panel.getByLabel('Import memories').setInputFiles(writeJson('broken.json', { format: 'something else' }));
    const error = panel.getByRole('alert').filter({ hasText: 'Import failed' });
    await error.waitFor();
    const errorColours = await error.evaluate((p) => {
      const box = getComputedStyle(p.parentElement as Element);
      return { background: box.backgroundColor, color: box.color };
    });
    expect(errorColours.background).not.toBe(colours.background);
    expect(errorColours.color).not.toBe(colours.color);
    await shot(panel, 'feedback-error-en');
    await setLanguage(panel, 'zh');
    await panel.getByRole('alert').filter({ hasText: '导入失败' }).waitFor();
    await shot(panel, 'feedback-error-zh');
    // Dismissed by hand (the unit test of the notice model shows it outlasting a success's time).
    await panel.getByRole('button', { name: '关闭' }).first().click();
    await expect.poll(() => panel.getByRole('alert').filter({ hasText: '导入失败' }).count()).toBe(0);
    await setLanguage(panel, 'en');
  });
});
