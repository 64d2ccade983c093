/**
 * Settings v4 → v5 (desktop tools): a store the v4 build wrote comes up with Desktop tools off,
 * and nothing an import or a backup carries can turn them on.
 */

import { describe, expect, it } from 'vitest';
import { applySettingsChanges, proposeSettingsChanges, restoreImportable } from '../../../lib/settings/import-rules';
import { migrateSettings } from '../../../lib/settings/migrations';
import { defaultSettings, SETTINGS_VERSION } from '../../../lib/settings/schema';

/** What the v4 build stored (its SettingsSchema output), with choices of the user's. */
function storedV4() {
  const site = { learn: true, inject: 'auto', budgetTokens: 1200 };
  const sites = Object.fromEntries(Object.keys(defaultSettings().sites).map((id) => [id, site]));
  return {
    version: 4,
    provider: 'deepseek',
    baseUrl: 'https://api.deepseek.com/anthropic',
    authStyle: 'x-api-key',
    model: 'deepseek-flash',
    sites,
    idleMinutes: 7,
    privacyPatterns: [],
    transcriptRetentionDays: 30,
    dailyTokenCap: 300000,
    language: 'zh',
    review: 'ask-first',
  };
}

describe('settings v4 → v5 (desktop tools)', () => {
  it('lifts a v4 store with Desktop tools off and everything else as it was', () => {
    const s = migrateSettings(storedV4());
    // v6 (Keep chat history) follows; the lift goes all the way.
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s.desktopTools).toEqual({
      enabled: false,
      allowAdd: false,
      allowSiteScoped: false,
      spaces: {},
      searchChats: false,
    });
    expect(s).toMatchObject({
      provider: 'deepseek',
      model: 'deepseek-flash',
      idleMinutes: 7,
      language: 'zh',
      review: 'ask-first',
    });
  });

  it('never lets an import or a restored backup turn Desktop tools on', () => {
    const current = defaultSettings();
    const hostile = { ...current, desktopTools: { enabled: true, allowAdd: true, allowSiteScoped: true } };
    expect(proposeSettingsChanges(current, hostile)).toEqual([]);
    expect(() => applySettingsChanges(current, [{ path: 'desktopTools.enabled', to: true }])).toThrow();
    expect(restoreImportable(current, hostile).desktopTools.enabled).toBe(false);
  });
});
