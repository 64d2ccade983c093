/**
 * Settings → Connection in Chromium: the provider is decided on the finished base URL, not on
 * each keystroke. Typing a preset's whole address by hand keeps that preset; a different
 * finished address makes it a custom endpoint.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSettings, withPanel } from './harness/panel';

let panel: Page;
withPanel(async (p) => {
  panel = p;
  await openSettings(panel, 'connection');
});

async function typeBaseUrl(url: string): Promise<void> {
  const field = panel.getByLabel('Base URL');
  await field.fill('');
  await field.pressSequentially(url);
}

describe('the base URL decides the provider once it is finished (Chromium)', () => {
  it("typing a preset's own address keystroke by keystroke keeps the preset", async () => {
    await panel.getByLabel('Provider').selectOption('deepseek');
    await typeBaseUrl('https://api.deepseek.com/anthropic');
    expect(await panel.getByLabel('Provider').inputValue()).toBe('deepseek');
    await panel.getByLabel('Base URL').press('Tab');
    expect(await panel.getByLabel('Provider').inputValue()).toBe('deepseek');
    expect(await panel.getByLabel('Base URL').inputValue()).toBe('https://api.deepseek.com/anthropic');
  });

  it('a finished address of no preset makes it a custom endpoint', async () => {
    await panel.getByLabel('Provider').selectOption('deepseek');
    await typeBaseUrl('https://proxy.example.org/anthropic');
    await panel.getByLabel('Base URL').press('Enter');
    await expect.poll(() => panel.getByLabel('Provider').inputValue()).toBe('custom');
  });

  it('a local preset keeps its name when the port is typed anew', async () => {
    await panel.getByLabel('Provider').selectOption('ollama');
    await typeBaseUrl('http://localhost:11500');
    await panel.getByLabel('Base URL').press('Tab');
    expect(await panel.getByLabel('Provider').inputValue()).toBe('ollama');
  });
});
