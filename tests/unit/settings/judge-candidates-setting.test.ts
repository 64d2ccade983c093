/**
 * Settings v8 → v9: the switch that lets the request keywords call judge memories and past
 * chats. A store from before starts with it off (its user agreed to the draft going, not their
 * memories) and keeps every other choice, request keywords included; a new install starts with
 * it on; a v9 choice is kept; a stored value that is not a switch is refused.
 */
import { describe, expect, it } from 'vitest';
import { migrateSettings } from '../../../lib/db/settings-store';
import { defaultSettings, SETTINGS_VERSION } from '../../../lib/settings/schema';

const v8 = {
  version: 8,
  idleMinutes: 5,
  language: 'zh',
  requestKeywords: true,
  dailyTokenCap: 50_000,
  desktopTools: { enabled: true, spaces: { 'sp-1': true } },
  sites: { claude: { learn: false, inject: 'manual', budgetTokens: 900, pastChats: 'any-site' } },
};

describe('judging candidates setting', () => {
  it('lifts a v8 store to v9 with judging off and every other choice kept', () => {
    expect(SETTINGS_VERSION).toBe(9);
    const s = migrateSettings(v8);
    expect(s.version).toBe(9);
    expect(s.judgeCandidates).toBe(false);
    expect(s).toMatchObject({ idleMinutes: 5, language: 'zh', requestKeywords: true, dailyTokenCap: 50_000 });
    expect(s.desktopTools).toMatchObject({ enabled: true, spaces: { 'sp-1': true } });
    expect(s.sites.claude).toMatchObject({ learn: false, inject: 'manual', budgetTokens: 900, pastChats: 'any-site' });
  });

  it('lifts an older store through v9 with judging off too', () => {
    expect(migrateSettings({ version: 6, idleMinutes: 5 }).judgeCandidates).toBe(false);
  });

  it('starts on for a new install, keeps a v9 choice either way, refuses a value that is not a switch', () => {
    expect(defaultSettings().judgeCandidates).toBe(true);
    expect(migrateSettings({ ...v8, version: 9, judgeCandidates: true }).judgeCandidates).toBe(true);
    expect(migrateSettings({ ...v8, version: 9, judgeCandidates: false }).judgeCandidates).toBe(false);
    expect(() => migrateSettings({ ...v8, version: 9, judgeCandidates: 'yes' })).toThrow();
  });
});
