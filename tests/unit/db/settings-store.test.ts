import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { secretsDb } from '../../../lib/db/secrets';
import { loadApiKey, loadSettings, migrateSettings, saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { defaultSettings, reviewFor, SETTINGS_VERSION } from '../../../lib/settings/schema';
import storedV1 from '../../fixtures/settings/v1.json';
import storedV3 from '../../fixtures/settings/v3.json';

/** Where builds up to 0.2.x kept settings, in storage.local. */
const LEGACY_SETTINGS_KEY = 'settings';

describe('settings', () => {
  it('has the documented defaults', () => {
    const s = defaultSettings();
    expect(s.model).toBe('claude-haiku-4-5');
    expect(s.baseUrl).toBe('https://api.anthropic.com');
    expect(s.idleMinutes).toBe(10);
    expect(s.sites.kimi).toEqual({ learn: true, inject: 'auto', budgetTokens: 1200, pastChats: 'off' });
    expect(Object.keys(s.sites)).toHaveLength(9);
  });

  it('migrates the unversioned v0 shape through v1 to the current version', () => {
    const s = migrateSettings({ model: 'claude-sonnet-4-5', budget: 800, idleMinutes: 5 });
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s.model).toBe('claude-sonnet-4-5');
    expect(s.idleMinutes).toBe(5);
    expect(s.sites.chatgpt.budgetTokens).toBe(800);
    expect(s.sites.chatgpt.inject).toBe('auto');
    expect(s.sites.chatgpt.learn).toBe(true);
  });

  it('migrates v1 (0.1.0) site on/off and mode to the two named switches', () => {
    const s = migrateSettings(structuredClone(storedV1));
    expect(s.version).toBe(SETTINGS_VERSION);
    // "Off" on a site meant claude-mem off there: neither learning nor adding memories.
    expect(s.sites.chatgpt).toEqual({ learn: false, inject: 'off', budgetTokens: 1200, pastChats: 'off' });
    expect(s.sites.claude).toEqual({ learn: true, inject: 'manual', budgetTokens: 600, pastChats: 'off' });
    expect(s.sites.gemini).toEqual({ learn: true, inject: 'off', budgetTokens: 1200, pastChats: 'off' });
    expect(s.sites.kimi).toEqual({ learn: true, inject: 'auto', budgetTokens: 1200, pastChats: 'off' });
    // Everything else is kept as it was.
    expect(s.idleMinutes).toBe(5);
    expect(s.language).toBe('zh');
    expect(s.privacyPatterns).toEqual(storedV1.privacyPatterns);
  });

  it('loads a v1 object from storage as v2', async () => {
    await browser.storage.local.set({ [LEGACY_SETTINGS_KEY]: structuredClone(storedV1) });
    const s = await loadSettings();
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s.sites.chatgpt.learn).toBe(false);
  });

  it('migrates v3 to v4: new memories are used at once, as before, and nothing else changes', async () => {
    await browser.storage.local.set({ [LEGACY_SETTINGS_KEY]: structuredClone(storedV3) });
    const s = await loadSettings();
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s.review).toBe('use-at-once');
    // desktopTools: added by the next version (v5), off; keepChatHistory replaces the
    // transcript retention in v6 (tests/unit/settings/keep-chat-history.test.ts); requestKeywords:
    // added by v7, on (tests/unit/settings/request-keywords-setting.test.ts); sites' pastChats:
    // added by v8, off (tests/unit/settings/spaces-settings.test.ts); judgeCandidates: added by v9,
    // off for a store from before (tests/unit/settings/judge-candidates-setting.test.ts).
    const {
      version: _v,
      review: _r,
      desktopTools: _d,
      keepChatHistory: _k,
      requestKeywords: _q,
      judgeCandidates: _j,
      ...lifted
    } = s;
    const sites = Object.fromEntries(
      Object.entries(lifted.sites).map(([id, { pastChats: _p, ...site }]) => [id, site]),
    );
    const rest = { ...lifted, sites };
    const {
      version: _old,
      transcriptRetentionDays: _days,
      ...before
    } = storedV3 as typeof storedV3 & {
      transcriptRetentionDays?: number;
    };
    expect(rest).toEqual(before);
    for (const site of Object.values(s.sites)) expect(site).not.toHaveProperty('review');
  });

  it('keeps a site’s own review choice apart from the global one', () => {
    const s = defaultSettings();
    s.sites.perplexity.review = 'ask-first';
    expect(reviewFor(s, 'perplexity')).toBe('ask-first');
    expect(reviewFor(s, 'chatgpt')).toBe('use-at-once');
    expect(reviewFor({ ...s, review: 'ask-first' }, 'chatgpt')).toBe('ask-first');
    expect(reviewFor({ ...s, review: 'ask-first' }, null)).toBe('ask-first');
  });

  it('refuses a newer stored version rather than guessing', () => {
    const newer = SETTINGS_VERSION + 1;
    expect(() => migrateSettings({ version: newer })).toThrow(`settings version ${newer} is newer`);
  });

  it('round-trips through the private database and falls back to defaults when damaged', async () => {
    const next = { ...defaultSettings(), idleMinutes: 3 };
    next.sites.claude = { learn: true, inject: 'manual', budgetTokens: 600, pastChats: 'off' };
    await saveSettings(next);
    expect(await loadSettings()).toEqual(next);
    await secretsDb.trusted.put({ name: 'settings', value: { version: 2, idleMinutes: 'soon' } });
    expect(await loadSettings()).toEqual(defaultSettings());
  });

  it('keeps the settings last read when the private database cannot be read', async () => {
    const next = { ...defaultSettings(), baseUrl: 'http://localhost:11434', provider: 'ollama' as const };
    await saveSettings(next);
    const failing = vi.spyOn(secretsDb.trusted, 'get').mockRejectedValue(new Error('UnknownError'));
    try {
      // Never the defaults, which would send the chats to another provider than the user's.
      expect(await loadSettings()).toEqual(next);
    } finally {
      failing.mockRestore();
    }
  });

  it('rejects invalid settings with the field named', async () => {
    await expect(saveSettings({ ...defaultSettings(), baseUrl: 'ftp://x' })).rejects.toThrow(/^settings: baseUrl: /);
  });

  it('keeps the API key out of storage.local, which content scripts can read, moving an old one', async () => {
    await browser.storage.local.set({ 'secret.apiKey': 'sk-ant-api03-legacy' });
    expect(await loadApiKey()).toBe('sk-ant-api03-legacy');
    expect(await browser.storage.local.get(null)).not.toHaveProperty('secret.apiKey');
    await saveApiKey('sk-ant-api03-new');
    expect(JSON.stringify(await browser.storage.local.get(null))).not.toContain('sk-ant');
    expect(await loadApiKey()).toBe('sk-ant-api03-new');
  });

  it('keeps the API key apart from settings', async () => {
    await saveApiKey('sk-ant-api03-xyz');
    expect(await loadApiKey()).toBe('sk-ant-api03-xyz');
    expect(JSON.stringify(await loadSettings())).not.toContain('sk-ant');
    await saveApiKey(null);
    expect(await loadApiKey()).toBeNull();
  });
});
