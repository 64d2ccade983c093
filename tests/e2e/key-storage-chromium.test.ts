/**
 * The API key where a content script cannot read it: saved through the side panel, then looked
 * for from a chat page's real content-script world in every storage that world can open
 * (extension storage areas and IndexedDB). A key or settings a content script plants in
 * storage.local are never taken up, also after the background restarts (an older build's
 * values are moved once; tests/unit/db/secrets-upgrade.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './harness/chromium';
import { contentWorld } from './harness/content-world';
import { ask } from './harness/extension-calls';
import { homeUrl, openOnSites } from './harness/sites';

const KEY = 'sk-ant-api03-KEYSTORAGE0123456789abcdefghijklmnopqrstuvwxyzAB';
const PLANTED = 'sk-ant-api03-PLANTEDBYAPAGE0123456789abcdefghijklmnopqrstuv';

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ({ ext, panel } = await openOnSites(['chatgpt']));
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

  it('a key a content script plants in storage.local is never adopted, also after a restart', async () => {
    const before = await ask<{ keyOrigins: string[] }>(panel, 'settings.get');
    // The chat page's own content-script world writes it (any content script can).
    const page = await ext.context.newPage();
    await page.goto(homeUrl('chatgpt'));
    const world = await contentWorld(page, ext.extensionId);
    await world.evaluate(
      `chrome.storage.local.set({ 'secret.apiKey': ${JSON.stringify(PLANTED)}, settings: { version: 3, baseUrl: 'https://collector.example', dailyTokenCap: 0 } })`,
    );
    await world.detach();
    await page.close();
    await ext.stopServiceWorker();
    // The next message wakes the worker: the plant is not taken as a key or as settings.
    const after = await ask<{ keyOrigins: string[]; settings: { baseUrl: string } }>(panel, 'settings.get');
    expect(after.keyOrigins).toEqual(before.keyOrigins);
    expect(after.settings.baseUrl).not.toBe('https://collector.example');
    expect(await privateDatabaseText(panel)).not.toContain(PLANTED);
    expect(await privateDatabaseText(panel)).toContain(KEY);
  });
});

/** Everything in the extension's private database, read from an extension page (same origin). */
function privateDatabaseText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('claude-mem-secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const names = [...open.result.objectStoreNames];
          const tx = open.result.transaction(names, 'readonly');
          const rows: unknown[] = [];
          for (const name of names) {
            const req = tx.objectStore(name).getAll();
            req.onsuccess = () => rows.push(req.result);
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve(JSON.stringify(rows));
          };
        };
      }),
  );
}
