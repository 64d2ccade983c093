/**
 * Settings → v3 (provider presets): stores written by the v1 build (0.1.0), as it wrote them,
 * are lifted through v2 to a provider and an auth style; a plain-http base URL to another
 * computer is dropped.
 */
import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { loadSettings, migrateSettings } from '../../../lib/db/settings-store';
import { SETTINGS_VERSION } from '../../../lib/settings/schema';

/** What the v1 build stored (SettingsSchema v1 output), with a base URL and model of the user's. */
function storedV1(baseUrl: string, model = 'claude-haiku-4-5') {
  const site = { enabled: true, mode: 'auto', budgetTokens: 1200 };
  return {
    version: 1,
    baseUrl,
    model,
    sites: Object.fromEntries(
      ['chatgpt', 'claude', 'gemini', 'deepseek', 'perplexity', 'kimi', 'doubao', 'qwen', 'grok'].map((id) => [
        id,
        { ...site },
      ]),
    ),
    idleMinutes: 7,
    privacyPatterns: [{ label: 'project', pattern: 'Project [A-Z]+' }],
    transcriptRetentionDays: 30,
    dailyTokenCap: 300000,
    language: 'zh',
  };
}

/** Where builds up to 0.2.x kept settings, in storage.local. */
const LEGACY_SETTINGS_KEY = 'settings';

describe('settings v1 → v3 (provider presets)', () => {
  it('keeps the Anthropic default as the Anthropic preset with its auth', () => {
    const s = migrateSettings(storedV1('https://api.anthropic.com'));
    expect(s).toMatchObject({
      version: SETTINGS_VERSION,
      provider: 'anthropic',
      authStyle: 'bearer',
      baseUrl: 'https://api.anthropic.com',
    });
    // Everything else is as the user left it.
    expect(s).toMatchObject({ idleMinutes: 7, language: 'zh', model: 'claude-haiku-4-5' });
    expect(s.privacyPatterns).toEqual([{ label: 'project', pattern: 'Project [A-Z]+' }]);
  });

  it('recognises a preset by its base URL and takes its auth style', () => {
    const s = migrateSettings(storedV1('https://api.deepseek.com/anthropic/', 'deepseek-flash'));
    expect(s).toMatchObject({ provider: 'deepseek', authStyle: 'x-api-key', model: 'deepseek-flash' });
    expect(migrateSettings(storedV1('http://localhost:11434', 'qwen3-coder'))).toMatchObject({
      provider: 'ollama',
      authStyle: 'none',
    });
  });

  it('keeps any other https endpoint as custom, with the Bearer auth v1 always sent', () => {
    const s = migrateSettings(storedV1('https://llm-proxy.example.org/anthropic'));
    expect(s).toMatchObject({
      provider: 'custom',
      authStyle: 'bearer',
      baseUrl: 'https://llm-proxy.example.org/anthropic',
    });
    // A local server on another port is custom too, and keeps its address.
    expect(migrateSettings(storedV1('http://127.0.0.1:9000'))).toMatchObject({
      provider: 'custom',
      baseUrl: 'http://127.0.0.1:9000',
    });
  });

  it('drops a plain-http base URL to another computer, so the key is never sent in the clear', () => {
    for (const bad of ['http://192.168.1.20:11434', 'http://localhost.evil.com', 'http://user:pw@localhost:8080']) {
      expect(migrateSettings(storedV1(bad))).toMatchObject({
        provider: 'anthropic',
        baseUrl: 'https://api.anthropic.com',
      });
    }
  });

  it('loads a stored v1 object from extension storage as v3', async () => {
    await browser.storage.local.set({
      [LEGACY_SETTINGS_KEY]: storedV1('https://api.minimaxi.com/anthropic', 'MiniMax-M2.7'),
    });
    expect(await loadSettings()).toMatchObject({
      version: SETTINGS_VERSION,
      provider: 'minimax-cn',
      authStyle: 'bearer',
      idleMinutes: 7,
    });
  });
});
