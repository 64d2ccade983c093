/**
 * Real Firefox ESR over WebDriver BiDi with puppeteer-core (TOOLCHAIN.md recipe): the build is
 * installed as a temporary add-on; a fixed UUID makes its pages addressable.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_BIN, FIREFOX_EXT } from './paths';

const GECKO_ID = 'claude-mem@claude-mem.dev';
const FIXED_UUID = '6d1c2f9e-3b7a-4c55-9f1e-0c2d7a1b9e42';

export interface FirefoxExtension {
  browser: Browser;
  baseUrl: string;
  openExtensionPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

async function poll<T>(fn: () => Promise<T>, until: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (until(v)) return v;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting (${String(last ?? 'condition not met')})`);
}

export interface FirefoxOptions {
  /** The browser's environment (HOME decides where it looks for native messaging manifests). */
  env?: Record<string, string>;
  prefs?: Record<string, unknown>;
}

export async function launchFirefox(opts: FirefoxOptions = {}): Promise<FirefoxExtension> {
  if (!existsSync(`${FIREFOX_EXT}/manifest.json`))
    throw new Error(`no build at ${FIREFOX_EXT}: run npm run build first`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    headless: true,
    executablePath: FIREFOX_BIN,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: FIXED_UUID }), ...opts.prefs },
    ...(opts.env ? { env: { ...process.env, ...opts.env } } : {}),
  });
  await browser.installExtension(FIREFOX_EXT);
  const baseUrl = `moz-extension://${FIXED_UUID}/`;
  return {
    browser,
    baseUrl,
    async openExtensionPage(path: string) {
      const page = await browser.newPage();
      // goto never resolves on moz-extension:// pages here: start it, then poll the document.
      void page.goto(baseUrl + path).catch(() => {});
      await poll(
        () => page.evaluate(() => location.protocol + document.readyState),
        (s) => s === 'moz-extension:complete',
        20_000,
      );
      return page;
    },
    async close() {
      await browser.close();
    },
  };
}

export { poll };

/**
 * Opens a side-panel view by id in Firefox, wherever its tab is: in the top row, or in the second
 * row of the group tab that lists it in `data-views` (Activity holds Queue, Log and Insights).
 */
export async function openViewIn(page: Page, id: string): Promise<void> {
  await page.evaluate((id) => document.querySelector<HTMLElement>(`[role="tab"][data-views~="${id}"]`)?.click(), id);
  await poll(
    () => page.evaluate((id) => !!document.getElementById(`tab-${id}`), id),
    (shown) => shown,
    10_000,
  );
  await page.click(`#tab-${id}`);
  await poll(
    () => page.evaluate((id) => !!document.getElementById(`view-${id}`), id),
    (shown) => shown,
    10_000,
  );
}
