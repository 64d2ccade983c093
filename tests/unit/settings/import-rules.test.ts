/** Which settings an import may touch, and how confirmed changes are applied. */
import { describe, expect, it } from 'vitest';
import { applySettingsChanges, proposeSettingsChanges, restoreImportable } from '../../../lib/settings/import-rules';
import { defaultSettings } from '../../../lib/settings/schema';

describe('settings from a file', () => {
  it('proposes leaf changes of importable settings only, skipping values that do not validate', () => {
    const current = defaultSettings();
    const changes = proposeSettingsChanges(current, {
      baseUrl: 'http://127.0.0.1:9',
      dailyTokenCap: 0,
      privacyPatterns: [{ label: 'x', pattern: '(a+)+$' }],
      sites: { ...current.sites, kimi: { ...current.sites.kimi, inject: 'manual' } },
      idleMinutes: -5,
    });
    expect(changes).toEqual([{ path: 'sites.kimi.inject', from: 'auto', to: 'manual' }]);
  });

  it('refuses a confirmed change outside the importable settings, or through the prototype', () => {
    const current = defaultSettings();
    for (const path of ['baseUrl', 'model', 'dailyTokenCap', 'privacyPatterns', 'sites.__proto__.x', 'constructor']) {
      expect(() => applySettingsChanges(current, [{ path, to: 'x' }])).toThrow(/cannot be changed by an import/);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(applySettingsChanges(current, [{ path: 'idleMinutes', to: 3 }]).idleMinutes).toBe(3);
    expect(() => applySettingsChanges(current, [{ path: 'idleMinutes', to: -3 }])).toThrow(/valid settings/);
  });

  it('a restored backup brings back importable settings and leaves the connection as it is', () => {
    const current = { ...defaultSettings(), baseUrl: 'https://api.example.com', idleMinutes: 3 };
    const saved = { ...defaultSettings(), baseUrl: 'https://old.example.com', idleMinutes: 10 };
    expect(restoreImportable(current, saved)).toMatchObject({ baseUrl: 'https://api.example.com', idleMinutes: 10 });
  });
});
