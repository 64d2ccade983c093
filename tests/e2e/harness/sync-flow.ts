/**
 * Driving sync on a device of either browser: Settings → Sync through its labelled controls
 * (the panel view's header comment lists them), rounds and state through the panel's own
 * messages, and the memories as the device stores them. A device is its side panel page,
 * driven by Playwright (Chromium) or Puppeteer (Firefox) behind one small interface.
 */
import type { Page } from 'playwright-core';
import type { ElementHandle, Page as FirefoxPage } from 'puppeteer-core';
import { expect } from 'vitest';
import type { MemoryRecord } from '../../../lib/memory/types';
import type { SyncStatus } from '../../../lib/sync/schemas';
import { ask, readStore } from './extension-calls';
import { openSettings as openSettingsSection } from './panel';

export interface PanelDriver {
  ask<T>(type: string, payload?: unknown): Promise<T>;
  memories(): Promise<MemoryRecord[]>;
  openSettings(): Promise<void>;
  fill(label: string, value: string): Promise<void>;
  click(button: string): Promise<void>;
}

export function chromiumPanel(page: Page): PanelDriver {
  return {
    ask: (type, payload) => ask(page, type, payload ?? {}),
    memories: () => readStore<MemoryRecord>(page, 'memories'),
    async openSettings() {
      await openSettingsSection(page, 'sync');
      await page.getByRole('status', { name: /Sync state|同步状态/ }).waitFor();
    },
    fill: (label, value) => page.getByLabel(label, { exact: true }).fill(value),
    click: (button) => page.getByRole('button', { name: button, exact: true }).click(),
  };
}

type Reply = { ok: boolean; data?: unknown; error?: { message: string } };
type FirefoxGlobal = { browser: { runtime: { sendMessage(m: unknown): Promise<Reply> } } };

export function firefoxPanel(page: FirefoxPage): PanelDriver {
  return {
    async ask<T>(type: string, payload: unknown = {}) {
      const r = await page.evaluate(
        (t, p) => (globalThis as unknown as FirefoxGlobal).browser.runtime.sendMessage({ type: t, payload: p }),
        type,
        payload,
      );
      if (!r?.ok) throw new Error(`${type} failed: ${r?.error?.message ?? 'no reply'}`);
      return r.data as T;
    },
    memories: () =>
      page.evaluate(
        () =>
          new Promise<MemoryRecord[]>((resolve, reject) => {
            const open = indexedDB.open('claude-mem');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const req = open.result.transaction('memories').objectStore('memories').getAll();
              req.onsuccess = () => {
                open.result.close();
                resolve(req.result as MemoryRecord[]);
              };
              req.onerror = () => reject(req.error);
            };
          }),
      ),
    async openSettings() {
      await page.locator('::-p-aria([name="Settings"][role="tab"])').click();
      await page.locator('.settings-nav [data-section="sync"]').click();
      await page.locator('::-p-aria([name="Sync state"][role="status"])').wait();
    },
    // Firefox's accessibility tree names these inputs differently over BiDi: find the label's
    // control in the page, then type into it as a user does.
    async fill(label, value) {
      const handle = await page.waitForFunction(
        (text) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.control,
        {},
        label,
      );
      const input = handle.asElement() as ElementHandle<HTMLInputElement>;
      await input.evaluate((el) => el.select());
      if (value) await input.type(value);
      else await input.press('Backspace');
    },
    click: (button) => page.locator(`::-p-aria([name="${button}"][role="button"])`).click(),
  };
}

export interface SyncSetUp {
  address: string;
  passphrase: string;
  deviceName: string;
  user?: string;
  password?: string;
}

/** Fills the set-up form as a user types it and presses "Turn on". */
export async function turnOnThroughPanel(panel: PanelDriver, s: SyncSetUp): Promise<void> {
  await panel.openSettings();
  await panel.fill('Server address', s.address);
  await panel.fill('Server user name (if it needs one)', s.user ?? '');
  await panel.fill('Server password (if it needs one)', s.password ?? '');
  await panel.fill('Sync passphrase', s.passphrase);
  await panel.fill('Sync passphrase again', s.passphrase);
  await panel.fill('Device name', s.deviceName);
  await panel.click('Turn on');
}

export function syncStatus(panel: PanelDriver): Promise<SyncStatus> {
  return panel.ask<SyncStatus>('sync.status');
}

/** Waits until the device's sync state satisfies `ok` (the panel's own state message). */
export async function waitForStatus(
  panel: PanelDriver,
  ok: (s: SyncStatus) => boolean,
  timeout = 60_000,
): Promise<SyncStatus> {
  let last: SyncStatus | undefined;
  await expect
    .poll(
      async () => {
        last = await syncStatus(panel);
        return ok(last);
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return last!;
}

/** One round now (pull then push), as "Sync now" runs it; resolves with the state after it. */
export async function syncRound(panel: PanelDriver): Promise<SyncStatus> {
  await waitForStatus(panel, (s) => !s.running);
  return panel.ask<SyncStatus>('sync.now');
}

/**
 * Runs rounds on `from` then `to` until `to`'s memories satisfy `ok`: a change reaches the
 * other device through the server, however the automatic rounds fall.
 */
export async function untilArrived(
  from: PanelDriver,
  to: PanelDriver,
  ok: (stored: MemoryRecord[]) => boolean,
  timeout = 90_000,
): Promise<MemoryRecord[]> {
  let last: MemoryRecord[] = [];
  await expect
    .poll(
      async () => {
        await syncRound(from);
        await syncRound(to);
        last = await to.memories();
        return ok(last);
      },
      { timeout, interval: 500 },
    )
    .toBe(true);
  return last;
}

/** The memories that say `text` and are not an older version of another. */
export const current = (list: readonly MemoryRecord[], text: string) =>
  list.filter((m) => m.content === text && m.status !== 'superseded');
