/**
 * The private database's v1 → v2 upgrade (0.3.0 adds the `trusted` table for everything the
 * background trusts), on a v1 database written with v1's schema; and the one-time move of
 * what a 0.2.x build left in storage.local, as that build wrote it.
 */
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installMark, stripMarks } from '../../../lib/db/install-mark';
import { SECRETS_SCHEMA_V1, SecretsDB } from '../../../lib/db/secrets';
import { apiKeyOrigins, loadApiKey, loadSettings } from '../../../lib/db/settings-store';
import { readTrusted } from '../../../lib/db/trusted';
import { SETTINGS_VERSION } from '../../../lib/settings/schema';
import storedV1 from '../../fixtures/settings/v1.json';

class SecretsDBv1 extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores(SECRETS_SCHEMA_V1);
  }
}

describe('private database versions', () => {
  it('upgrades v1 to v2 with the key kept and an empty trusted table', async () => {
    const name = 'secrets-upgrade-v1-v2';
    const v1 = new SecretsDBv1(name);
    await v1.table('secrets').put({ name: 'secret.apiKey', value: 'sk-ant-api03-v1key' });
    v1.close();
    const v2 = new SecretsDB(name);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect(v2.tables.map((t) => t.name).sort()).toEqual(['secrets', 'trusted']);
    expect(await v2.secrets.get('secret.apiKey')).toEqual({ name: 'secret.apiKey', value: 'sk-ant-api03-v1key' });
    expect(await v2.trusted.count()).toBe(0);
    v2.close();
  });
});

describe('leaving storage.local', () => {
  it('moves a 0.2.x install’s settings, mark and key once, drops the rest, and never reads it again', async () => {
    const settingsV1 = structuredClone(storedV1);
    await fakeBrowser.storage.local.set({
      settings: settingsV1,
      'install.mark': 'k3v9q2zx',
      'secret.apiKey': 'sk-ant-api03-oldbuildkey',
      'menu.pendingDraft': { text: 'x', url: 'https://x.test/', title: 'X', site: null, at: '2026-11-30T00:00:00Z' },
      'store.degraded': { at: '2026-11-30T00:00:00Z', error: 'UnknownError', attempts: 4, reason: 'transient' },
      'extraction.parked:chatgpt:c1:v1': { jobId: 'chatgpt:c1:v1' },
      'unrelated.page.value': 1,
    });
    const settings = await loadSettings();
    expect(settings.version).toBe(SETTINGS_VERSION);
    expect(settings.language).toBe(storedV1.language);
    expect(settings.privacyPatterns).toEqual(storedV1.privacyPatterns);
    // The old key is bound to the endpoint set when it was moved.
    expect(await loadApiKey()).toBe('sk-ant-api03-oldbuildkey');
    expect(await apiKeyOrigins()).toEqual([new URL(settings.baseUrl).origin]);
    // Blocks captured with the old shared mark are still recognised; new blocks get the site's own.
    expect(await stripMarks('claude')).toContain('k3v9q2zx');
    expect(await installMark('claude')).not.toBe('k3v9q2zx');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ 'unrelated.page.value': 1 });

    await fakeBrowser.storage.local.set({ settings: { ...settingsV1, language: 'en' } });
    expect((await loadSettings()).language).toBe(storedV1.language);
    expect(await readTrusted('menu.pendingDraft')).toBeUndefined();
  });
});
