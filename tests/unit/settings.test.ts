import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import {
  loadApiKey,
  loadSettings,
  migrateSettings,
  SETTINGS_STORAGE_KEY,
  saveApiKey,
  saveSettings,
} from '../../lib/settings';
import { defaultSettings, SETTINGS_VERSION } from '../../lib/settings-schema';

describe('settings', () => {
  it('has the documented defaults', () => {
    const s = defaultSettings();
    expect(s.model).toBe('claude-haiku-4-5');
    expect(s.baseUrl).toBe('https://api.anthropic.com');
    expect(s.idleMinutes).toBe(10);
    expect(s.sites.kimi).toEqual({ enabled: true, mode: 'auto', budgetTokens: 1200 });
    expect(Object.keys(s.sites)).toHaveLength(9);
  });

  it('migrates the unversioned v0 shape to the current version', () => {
    const s = migrateSettings({ model: 'claude-sonnet-4-5', budget: 800, idleMinutes: 5 });
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s.provider).toBe('anthropic');
    expect(s.model).toBe('claude-sonnet-4-5');
    expect(s.idleMinutes).toBe(5);
    expect(s.sites.chatgpt.budgetTokens).toBe(800);
    expect(s.sites.chatgpt.mode).toBe('auto');
  });

  it('refuses a newer stored version rather than guessing', () => {
    expect(() => migrateSettings({ version: 9 })).toThrow('settings version 9 is newer');
  });

  it('round-trips through storage and falls back to defaults when damaged', async () => {
    const next = { ...defaultSettings(), idleMinutes: 3 };
    next.sites.claude = { enabled: true, mode: 'manual', budgetTokens: 600 };
    await saveSettings(next);
    expect(await loadSettings()).toEqual(next);
    await browser.storage.local.set({ [SETTINGS_STORAGE_KEY]: { version: 1, idleMinutes: 'soon' } });
    expect(await loadSettings()).toEqual(defaultSettings());
  });

  it('rejects invalid settings with the field named', async () => {
    await expect(saveSettings({ ...defaultSettings(), baseUrl: 'ftp://x' })).rejects.toThrow(/^settings: baseUrl: /);
  });

  it('keeps the API key apart from settings', async () => {
    await saveApiKey('sk-ant-api03-xyz');
    expect(await loadApiKey()).toBe('sk-ant-api03-xyz');
    expect(JSON.stringify(await loadSettings())).not.toContain('sk-ant');
    await saveApiKey(null);
    expect(await loadApiKey()).toBeNull();
  });
});
