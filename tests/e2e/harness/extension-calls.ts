/**
 * Talking to the background from an extension page (the side panel opened as a tab), as the
 * side panel does, plus ways to make the service worker fail the way real ones do.
 */
import type { Page } from 'playwright-core';
import type { Chat } from '../../../lib/memory/types';
import type { SiteMode } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import type { ExtensionBrowser } from './chromium';

/** The extension API as seen from inside an extension page or the worker. */
interface ChromeApi {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: { session: unknown };
}
declare const chrome: ChromeApi;

export async function ask<T>(panel: Page, type: string, payload: unknown = {}): Promise<T> {
  const reply = await panel.evaluate(([t, p]) => chrome.runtime.sendMessage({ type: t, payload: p }), [type, payload]);
  const r = reply as { ok: boolean; data?: T; error?: { message: string } };
  if (!r?.ok) throw new Error(`${type} failed: ${r?.error?.message ?? 'no reply'}`);
  return r.data as T;
}

/** The site's "add memories" switch: auto, manual or off. */
export async function setSiteMode(panel: Page, site: SiteId, mode: SiteMode): Promise<void> {
  const { settings } = await ask<{ settings: { sites: Record<string, { inject: SiteMode }> } }>(panel, 'settings.get');
  settings.sites[site]!.inject = mode;
  await ask(panel, 'settings.set', { settings });
}

export function getChat(panel: Page, id: string): Promise<Chat | null> {
  return ask<Chat | null>(panel, 'chats.get', { id });
}

/**
 * Makes every session-storage read in the worker fail (`throw`) or never answer (`hang`): the
 * inject.prepare handler reads the tab's state there before it answers (settings live in
 * IndexedDB, where a failed read falls back to the settings last read). Stopping the worker
 * undoes it.
 */
export async function breakWorker(ext: ExtensionBrowser, how: 'throw' | 'hang'): Promise<void> {
  const worker = await ext.worker();
  await worker.evaluate((mode) => {
    const area = chrome.storage.session as unknown as { get: (...args: unknown[]) => Promise<unknown> };
    area.get = () => (mode === 'throw' ? Promise.reject(new Error('broken by the test')) : new Promise(() => {}));
  }, how);
}

/** Reads a whole object store of the extension's database from an extension page. */
export function readStore<T>(panel: Page, store: string): Promise<T[]> {
  return panel.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('claude-mem');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    store,
  );
}
