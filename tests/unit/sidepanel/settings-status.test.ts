/**
 * Settings' messages belong to the state they describe, driven as the panel drives them (its
 * models, the real background router and store): a connection result goes when the provider,
 * address, model, key or language changes; the save bar's line follows edits, saves, failures
 * and the section shown; a failed Turn on's error goes once the set-up form is edited; and
 * every draft (form, desktop tools, what sync carries) is saved or discarded as one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiDetail } from '../../../components/connection-result';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { connection, runConnectionTest } from '../../../entrypoints/sidepanel/models/connection';
import { bridgeStatus, desktopDirty, editDesktopTools } from '../../../entrypoints/sidepanel/models/desktop-tools';
import { notice } from '../../../entrypoints/sidepanel/models/notice';
import { apiKeyInput, discardForm, editForm, form, saved } from '../../../entrypoints/sidepanel/models/settings';
import { anyDirty, discardSettings, saveLine, saveSettings } from '../../../entrypoints/sidepanel/models/settings-save';
import { openSettingsSection } from '../../../entrypoints/sidepanel/models/settings-sections';
import { editSyncForm, syncError, syncForm, turnOnSync } from '../../../entrypoints/sidepanel/models/sync';
import { importFile, lastImport } from '../../../entrypoints/sidepanel/models/transfer';
import { lang } from '../../../lib/i18n';
import type { ConnectionResult } from '../../../lib/provider/connection-result';
import { defaultSettings } from '../../../lib/settings/schema';
import { FakeAnthropicApi } from '../../fake-api/server';
import { extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const api = new FakeAnthropicApi();

beforeAll(() => api.start());
afterAll(() => api.stop());

beforeEach(() => {
  // The panel's messages reach the real background router, as an extension page's would.
  fakeBrowser.runtime.onMessage.addListener((m: unknown, _s: unknown, sendResponse: (r: unknown) => void) => {
    void route(m, extensionSender).then(sendResponse);
    return true;
  });
  const settings = {
    ...defaultSettings(),
    provider: 'custom' as const,
    baseUrl: api.url,
    authStyle: 'x-api-key' as const,
  };
  saved.value = settings;
  form.value = settings;
  apiKeyInput.value = 'sk-ant-test-1';
  lang.value = 'en';
  openSettingsSection('connection');
  discardSettings();
  apiKeyInput.value = 'sk-ant-test-1';
});

async function connected(): Promise<void> {
  await runConnectionTest();
  expect(connection.value).toMatchObject({ state: 'done', result: { ok: true } });
}

describe('a connection result', () => {
  it('goes when the model, the address, the provider or the typed key changes, and stays for other edits', async () => {
    await connected();
    editForm({ idleMinutes: 25 });
    expect(connection.value.state).toBe('done');

    editForm({ model: 'claude-sonnet-4-5' });
    expect(connection.value.state).toBe('idle');
    editForm({ model: defaultSettings().model });
    // Back to what was tested: the result describes the form again.
    expect(connection.value.state).toBe('done');

    editForm({ baseUrl: 'http://localhost:11434' });
    expect(connection.value.state).toBe('idle');
    editForm({ baseUrl: api.url });
    editForm({ provider: 'anthropic' });
    expect(connection.value.state).toBe('idle');
    editForm({ provider: 'custom' });
    apiKeyInput.value = 'sk-ant-test-2';
    expect(connection.value.state).toBe('idle');
  });

  it('goes when the key is discarded and when the panel changes language', async () => {
    await connected();
    discardForm();
    expect(apiKeyInput.value).toBe('');
    expect(connection.value.state).toBe('idle');

    apiKeyInput.value = 'sk-ant-test-1';
    await connected();
    lang.value = 'zh';
    expect(connection.value.state).toBe('idle');
  });

  it('says one thing when the call never left: the API’s own words only when it answered', () => {
    const result = (r: Partial<ConnectionResult>): ConnectionResult => ({
      ok: false,
      problem: 'other',
      status: null,
      detail: 'Connection error.',
      model: 'm',
      ...r,
    });
    expect(apiDetail(result({ problem: 'consent' }))).toBeNull();
    expect(apiDetail(result({ problem: 'network' }))).toBeNull();
    expect(apiDetail(result({ problem: 'bad_key', status: 401, detail: 'invalid x-api-key' }))).toBe(
      'HTTP 401 · invalid x-api-key',
    );
    expect(apiDetail(result({ problem: 'other', detail: 'socket hang up' }))).toBe('socket hang up');
    expect(apiDetail(result({ ok: true, problem: 'none', status: 200 }))).toBeNull();
  });
});

describe('the save bar', () => {
  it('all saved → unsaved → saved, and back to all saved in another section', async () => {
    apiKeyInput.value = '';
    expect(saveLine.value.kind).toBe('clean');
    editForm({ idleMinutes: 25 });
    expect(saveLine.value).toMatchObject({ kind: 'unsaved' });
    expect(await saveSettings()).toBe(true);
    expect(saveLine.value.kind).toBe('saved');
    expect(saveLine.value.text()).toBe('Settings saved.');
    expect(saved.value?.idleMinutes).toBe(25);
    openSettingsSection('sites');
    expect(saveLine.value.kind).toBe('clean');
  });

  it('a refused save says why until the next edit, in the panel’s language', async () => {
    apiKeyInput.value = '';
    editForm({ idleMinutes: -5 });
    expect(await saveSettings()).toBe(false);
    expect(saveLine.value.kind).toBe('failed');
    expect(saveLine.value.text()).toMatch(/^Not saved: /);
    lang.value = 'zh';
    expect(saveLine.value.text()).toMatch(/^未保存：/);
    editForm({ idleMinutes: 5 });
    expect(saveLine.value.kind).toBe('unsaved');
  });

  it('holds the desktop tools switches with the form, and Discard changes puts every draft back', () => {
    apiKeyInput.value = '';
    bridgeStatus.value = {
      desktopTools: { enabled: false, allowAdd: false, allowSiteScoped: false },
      state: 'off',
      error: null,
      recent: [],
    } as unknown as NonNullable<typeof bridgeStatus.value>;
    editDesktopTools({ enabled: true });
    editForm({ language: 'zh' });
    expect(desktopDirty.value).toBe(true);
    expect(anyDirty.value).toBe(true);
    discardSettings();
    expect(desktopDirty.value).toBe(false);
    expect(form.value?.language).toBe(saved.value?.language);
    expect(anyDirty.value).toBe(false);
  });
});

describe('a sync error', () => {
  it('of a failed Turn on goes once the set-up form is edited', async () => {
    editSyncForm({
      address: 'http://sync.example.org/claude-mem',
      passphrase: 'correct horse battery',
      passphraseAgain: 'correct horse battery',
      deviceName: 'Laptop',
    });
    turnOnSync({ siteModes: true, budgets: true, privacy: true, review: true, chats: false });
    await expect.poll(() => syncError.value).not.toBeNull();
    editSyncForm({ address: `${syncForm.value.address}x` });
    expect(syncError.value).toBeNull();
  });
});

describe('a failed import', () => {
  it('is said once: beside the Import button in Settings, in the notice from Memories', async () => {
    const broken = () => new File([JSON.stringify({ format: 'something else' })], 'broken.json');
    notice.value = null;
    await importFile(broken(), 'data');
    expect(lastImport.value).toMatchObject({ file: 'broken.json', error: expect.any(String) });
    expect(notice.value).toBeNull();
    await importFile(broken(), 'memories');
    expect(notice.value).toMatchObject({ kind: 'error' });
  });
});
