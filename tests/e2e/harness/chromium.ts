/**
 * Launches Debian's Chromium with the production build loaded (TOOLCHAIN.md recipe) and gives
 * the extension id, its side panel as a tab, and a way to stop the service worker.
 */
import { existsSync, rmSync } from 'node:fs';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { CHROME_EXT, CHROMIUM_BIN, freshDir } from './paths';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  worker(): Promise<Worker>;
  openSidePanel(): Promise<Page>;
  /** Stops every service worker, as Chrome does when the worker is idle or killed. */
  stopServiceWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  extensionPath?: string;
  /** A profile root prepared beforehand (the desktop bridge's host manifest in it); kept on close. */
  userDataDir?: string;
  /** The browser's environment (what a native host it starts inherits). */
  env?: Record<string, string>;
  /** Other unpacked extensions loaded beside ours. */
  alsoLoad?: readonly string[];
}

export async function launchChromium(opts: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const ext = opts.extensionPath ?? CHROME_EXT;
  if (!existsSync(`${ext}/manifest.json`)) throw new Error(`no build at ${ext}: run npm run build first`);
  const userDir = opts.userDataDir ?? freshDir('chromium');
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM_BIN,
    ...(opts.env ? { env: { ...process.env, ...opts.env } as Record<string, string> } : {}),
    headless: false,
    viewport: { width: 1000, height: 800 },
    acceptDownloads: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      `--disable-extensions-except=${[ext, ...(opts.alsoLoad ?? [])].join(',')}`,
      `--load-extension=${[ext, ...(opts.alsoLoad ?? [])].join(',')}`,
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const ours = (w: Worker) => w.url().endsWith('/background.js');
  const sw =
    context.serviceWorkers().find(ours) ??
    (await context.waitForEvent('serviceworker', { predicate: ours, timeout: 20_000 }));
  const extensionId = new URL(sw.url()).host;

  return {
    context,
    extensionId,
    async worker() {
      const current = context.serviceWorkers().find((w) => w.url().includes(extensionId));
      return current ?? context.waitForEvent('serviceworker');
    },
    async openSidePanel() {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
      return page;
    },
    async stopServiceWorker() {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    },
    async close() {
      await context.close();
      // A profile the caller prepared is the caller's to remove.
      if (!opts.userDataDir) rmSync(userDir, { recursive: true, force: true });
    },
  };
}
