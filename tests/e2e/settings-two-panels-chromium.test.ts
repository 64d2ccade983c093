/**
 * Two side panels open at once (two windows): a settings form left open with an unsaved
 * edit in one must not undo a switch the other saved meanwhile. Only the fields a form
 * changed are written.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask } from './harness/extension-calls';
import { openPanel, openSettings } from './harness/panel';

interface Stored {
  settings: { idleMinutes: number; sites: Record<string, { learn: boolean; inject: string }> };
}

describe('Settings in two windows (Chromium)', () => {
  let ext: ExtensionBrowser;
  let first: Page;
  let second: Page;
  beforeAll(async () => {
    ext = await launchChromium();
    first = await openPanel(ext);
    second = await openPanel(ext);
    await openSettings(first, 'capture');
    await openSettings(second, 'sites');
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('a stale form saves its own change and keeps the switch saved in the other window', async () => {
    await first.getByLabel('Idle minutes').fill('25');
    await first.getByText('Unsaved changes').waitFor();

    await second.getByLabel('Learn from chats on Gemini').uncheck();
    await second.getByLabel('Add memories on Claude').selectOption('manual');
    await second.getByRole('button', { name: 'Save settings' }).click();
    await second.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();

    // The first form still shows its own unsaved edit, and the old switches.
    expect(await first.getByLabel('Idle minutes').inputValue()).toBe('25');
    await first.getByRole('button', { name: 'Save settings' }).click();
    await first.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();

    const { settings } = await ask<Stored>(second, 'settings.get');
    console.info(
      `[two panels] idle ${settings.idleMinutes}, gemini learn ${settings.sites.gemini?.learn}, claude ${settings.sites.claude?.inject}`,
    );
    expect(settings.idleMinutes).toBe(25);
    expect(settings.sites.gemini?.learn).toBe(false);
    expect(settings.sites.claude?.inject).toBe('manual');
    // The first window now shows what is stored.
    await openSettings(first, 'sites');
    expect(await first.getByLabel('Learn from chats on Gemini').isChecked()).toBe(false);
  });
});
