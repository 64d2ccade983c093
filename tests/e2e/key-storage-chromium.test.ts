/**
 * The API key where a content script cannot read it: saved through the side panel, then looked
 * for from a chat page's real content-script world in every storage that world can open
 * (extension storage areas and IndexedDB). An older build's key left in storage.local is moved
 * out of reach when the background starts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { contentWorld } from './harness/content-world';
import { ask } from './harness/extension-calls';
import { buildFixtures, homeUrl, serveFixtures } from './harness/sites';

const KEY = 'sk-ant-api03-KEYSTORAGE0123456789abcdefghijklmnopqrstuvwxyzAB';

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  await buildFixtures(['chatgpt']);
  ext = await launchChromium();
  await serveFixtures(ext.context);
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
});

/** Everything the content-script world can read from storage, as one string. */
const READ_ALL = `(async () => {
  const out = {};
  for (const area of ['local', 'sync', 'session']) {
    try { out[area] = await chrome.storage[area].get(null); } catch (e) { out[area] = 'refused: ' + e.message; }
  }
  const dbs = await indexedDB.databases();
  out.indexedDB = dbs.map((d) => d.name);
  return JSON.stringify(out);
})()`;

async function contentCanRead(): Promise<string> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl('chatgpt'));
  const world = await contentWorld(page, ext.extensionId);
  const seen = await world.evaluate<string>(READ_ALL);
  await world.detach();
  await page.close();
  return seen;
}

describe('the API key and content scripts', () => {
  it('a key saved in Settings is nowhere a content script can read', async () => {
    const { settings } = await ask<{ settings: unknown }>(panel, 'settings.get');
    await ask(panel, 'settings.set', { settings, apiKey: KEY });
    expect(await ask<{ hasApiKey: boolean }>(panel, 'settings.get')).toMatchObject({ hasApiKey: true });
    const seen = await contentCanRead();
    console.log(`[key storage] content script sees: ${seen.replace(KEY, '<KEY>').slice(0, 300)}`);
    expect(seen).not.toContain(KEY);
    expect(seen).not.toContain('sk-ant');
  });

  it('a key an older build left in storage.local is moved out of reach at start-up', async () => {
    const worker = await ext.worker();
    await worker.evaluate(
      (key) =>
        (
          globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
        ).chrome.storage.local.set({ 'secret.apiKey': key }),
      KEY,
    );
    await ext.stopServiceWorker();
    // The next message wakes the worker, whose start moves the key.
    await expect.poll(async () => (await ask<{ hasApiKey: boolean }>(panel, 'settings.get')).hasApiKey).toBe(true);
    await expect.poll(async () => (await contentCanRead()).includes(KEY), { timeout: 10_000 }).toBe(false);
  });
});
