/**
 * A key is bound to the origin it was entered for. Two fake Messages APIs on two origins
 * (two ports of 127.0.0.1), the real SDK, the real router and handlers, and the side panel's
 * own settings model sending through them: which host ever receives which key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { settleBaseUrl } from '../../../entrypoints/sidepanel/models/provider';
import {
  apiKeyInput,
  form,
  hasApiKey,
  saveSettingsForm,
  startSettingsModel,
} from '../../../entrypoints/sidepanel/models/settings';
import { getPause } from '../../../lib/db/queue-state';
import { loadApiKey, loadSettings, saveSettings } from '../../../lib/db/settings-store';
import { createClient } from '../../../lib/model/client';
import { ExtractionQueue } from '../../../lib/queue/queue';
import { defaultSettings } from '../../../lib/settings/schema';
import { now } from '../../../lib/time';
import { apiError, apiKeyOf, FakeAnthropicApi, type ReceivedRequest, textMessage } from '../../fake-api/server';
import { finishedChat } from '../extraction/harness';
import { extensionSender, routerOptions } from '../helpers';

const first = new FakeAnthropicApi();
const second = new FakeAnthropicApi();
const KEY_FIRST = 'sk-ant-api03-FIRSTHOSTKEY0123456789abcdefghijklmnopqrstuvwx';
const KEY_SECOND = 'sk-ant-api03-SECONDHOSTKEY0123456789abcdefghijklmnopqrstuvw';
const route = createRouter(handlers, routerOptions);
const figures = { requests: 0, foreignKeys: 0 };

beforeAll(async () => {
  await first.start();
  await second.start();
});
afterAll(async () => {
  console.info(
    `key per origin: ${figures.requests} requests to a second origin, ${figures.foreignKeys} carried the first origin's key`,
  );
  await first.stop();
  await second.stop();
});
beforeEach(() => {
  first.reset();
  second.reset();
  // The panel's `send` reaches the real router, as from the side panel.
  fakeBrowser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    void route(message, extensionSender).then(sendResponse);
    return true;
  });
});

function call(type: string, payload: unknown) {
  return route({ type, payload }, extensionSender);
}

function keysSeen(requests: readonly ReceivedRequest[]): (string | null)[] {
  figures.requests += requests.length;
  const keys = requests.map(apiKeyOf);
  figures.foreignKeys += keys.filter((k) => k === KEY_FIRST).length;
  return keys;
}

/** A custom endpoint with bearer auth at this fake API. */
function at(api: FakeAnthropicApi) {
  return { ...defaultSettings(), provider: 'custom' as const, authStyle: 'bearer' as const, baseUrl: api.url };
}

describe('the key and the origin it was entered for', () => {
  it('Test connection with another base URL never sends the stored key there', async () => {
    await call('settings.set', { settings: at(first), apiKey: KEY_FIRST });
    second.enqueue(apiError(401, 'authentication_error', 'no key'));
    const reply = await call('connection.test', { baseUrl: second.url, provider: 'custom', authStyle: 'bearer' });
    expect(reply.ok).toBe(true);
    expect(keysSeen(second.messageRequests())).not.toContain(KEY_FIRST);
    // The first origin still gets its own key.
    first.enqueue({ body: textMessage('ok') });
    await call('connection.test', {});
    expect(first.messageRequests().map(apiKeyOf)).toEqual([KEY_FIRST]);
  });

  it('Save with another base URL leaves the previous key behind: the extraction client there has none', async () => {
    await call('settings.set', { settings: at(first), apiKey: KEY_FIRST });
    await call('settings.set', { settings: at(second) });
    expect(await loadApiKey()).toBeNull();
    // The extraction queue for the saved endpoint finds no key: it pauses, nothing is sent.
    const queue = new ExtractionQueue({
      runner: 'worker-1',
      timeoutMs: 5_000,
      createClient,
      random: () => 0.5,
      loadSettings,
      loadApiKey,
      schedule: () => {},
      backup: async () => {},
    });
    await finishedChat([{ role: 'user', text: 'I keep bees.' }]);
    await queue.kick();
    expect((await getPause(now()))?.reason).toBe('auth');
    expect(keysSeen(second.messageRequests())).toEqual([]);
    // Its own key, once given, goes there; switching back finds the first key again.
    await call('settings.set', { settings: at(second), apiKey: KEY_SECOND });
    expect(await loadApiKey()).toBe(KEY_SECOND);
    await saveSettings(at(first));
    expect(await loadApiKey()).toBe(KEY_FIRST);
  });

  it('the settings form asks the new origin for its own key, and binds a typed key to the origin shown', async () => {
    await call('settings.set', { settings: at(first), apiKey: KEY_FIRST });
    const stop = startSettingsModel();
    try {
      await expect.poll(() => form.value?.baseUrl).toBe(first.url);
      expect(hasApiKey.value).toBe(true);
      settleBaseUrl(second.url);
      expect(hasApiKey.value).toBe(false);
      apiKeyInput.value = KEY_SECOND;
      expect(await saveSettingsForm()).toBe(true);
      expect(await loadApiKey(second.url)).toBe(KEY_SECOND);
      expect(await loadApiKey(first.url)).toBe(KEY_FIRST);
      second.enqueue({ body: textMessage('ok') });
      await call('connection.test', {});
      expect(keysSeen(second.messageRequests())).toEqual([KEY_SECOND]);
    } finally {
      stop();
    }
  });
});
