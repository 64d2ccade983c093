/**
 * Settings v7 → v8 (spaces, past chats): a stored v7 object keeps every choice it had; past
 * chats start off on every site, desktop tools keep their reach (no space ticks: every space
 * that is not isolated) and `search_chats` starts off.
 */
import { describe, expect, it } from 'vitest';
import { migrateSettings } from '../../../lib/db/settings-store';
import { SETTINGS_VERSION } from '../../../lib/settings/schema';

const v7 = {
  version: 7,
  idleMinutes: 5,
  language: 'zh',
  requestKeywords: false,
  desktopTools: { enabled: true, allowAdd: true, allowSiteScoped: true },
  sites: { claude: { learn: false, inject: 'manual', budgetTokens: 900, review: 'ask-first' } },
};

describe('spaces and past chats settings', () => {
  it('lifts a v7 store to v8 with every choice kept and the new ones at their defaults', () => {
    const s = migrateSettings(v7);
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s).toMatchObject({ idleMinutes: 5, language: 'zh', requestKeywords: false });
    expect(s.desktopTools).toEqual({
      enabled: true,
      allowAdd: true,
      allowSiteScoped: true,
      spaces: {},
      searchChats: false,
    });
    expect(s.sites.claude).toEqual({
      learn: false,
      inject: 'manual',
      budgetTokens: 900,
      review: 'ask-first',
      pastChats: 'off',
    });
    for (const site of Object.values(s.sites)) expect(site.pastChats).toBe('off');
  });

  it('keeps a v8 choice and refuses an unknown past chats source', () => {
    const s = migrateSettings({ ...v7, version: 8, desktopTools: { spaces: { 'sp-1': true } } });
    expect(s.desktopTools.spaces).toEqual({ 'sp-1': true });
    expect(() => migrateSettings({ ...v7, version: 8, sites: { claude: { pastChats: 'everyone' } } })).toThrow();
  });
});
