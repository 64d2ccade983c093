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

export async function launchChromium(opts: { extensionPath?: string } = {}): Promise<ExtensionBrowser> {
  const ext = opts.extensionPath ?? CHROME_EXT;
  if (!existsSync(`${ext}/manifest.json`)) throw new Error(`no build at ${ext}: run npm run build first`);
  const userDir = freshDir('chromium');
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM_BIN,
    headless: false,
    viewport: { width: 1000, height: 800 },
    acceptDownloads: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
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
      rmSync(userDir, { recursive: true, force: true });
    },
  };
}
