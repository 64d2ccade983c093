/**
 * Settings v6 → v7: the request keywords switch. A stored v6 object keeps every choice it had and
 * gets the switch on (the default); a v7 object with the switch off keeps it off.
 */
import { describe, expect, it } from 'vitest';
import { migrateSettings } from '../../../lib/db/settings-store';
import { SETTINGS_VERSION } from '../../../lib/settings/schema';

const v6 = {
  version: 6,
  idleMinutes: 5,
  language: 'zh',
  keepChatHistory: '30d',
  dailyTokenCap: 50_000,
  sites: { claude: { learn: false, inject: 'manual', budgetTokens: 900 } },
};

describe('request keywords setting', () => {
  it('lifts a v6 store to v7 with the switch on and every other choice kept', () => {
    const s = migrateSettings(v6);
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s.requestKeywords).toBe(true);
    expect(s).toMatchObject({ idleMinutes: 5, language: 'zh', keepChatHistory: '30d', dailyTokenCap: 50_000 });
    expect(s.sites.claude).toMatchObject({ learn: false, inject: 'manual', budgetTokens: 900 });
  });

  it('keeps the switch off once turned off', () => {
    expect(migrateSettings({ ...v6, version: 7, requestKeywords: false }).requestKeywords).toBe(false);
  });
});
