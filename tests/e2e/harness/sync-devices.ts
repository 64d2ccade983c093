/**
 * Devices for the sync tests: each one browser profile with the extension and its side panel
 * open as a tab. Chromium profiles are separate persistent contexts (their own user-data dirs,
 * so two instances of the extension with the same id); the loopback server's origin is granted
 * up front, as the user's "Allow" would (./profile-grants.ts). Firefox is one ESR instance with
 * its optional-permission prompt turned off by its own pref.
 */
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Page as FirefoxPage } from 'puppeteer-core';
import { type ExtensionBrowser, launchChromium } from './chromium';
import { type FirefoxExtension, launchFirefox } from './firefox';
import { openPanel } from './panel';
import { freshDir } from './paths';
import { grantInProfile } from './profile-grants';

/** Plain http is allowed to this computer only; the test server listens on 127.0.0.1. */
const LOOPBACK_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];

export interface ChromiumDevice {
  ext: ExtensionBrowser;
  panel: Page;
  close(): Promise<void>;
}

export async function launchChromiumDevice(name: string): Promise<ChromiumDevice> {
  const profile = freshDir(`sync-${name}`);
  const first = await launchChromium({ userDataDir: profile });
  const id = first.extensionId;
  await first.close();
  grantInProfile(profile, id, { hosts: LOOPBACK_HOSTS });
  const ext = await launchChromium({ userDataDir: profile });
  const panel = await openPanel(ext);
  return {
    ext,
    panel,
    async close() {
      await ext.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Two Chromium profiles side by side, launched one after the other (2 cores). */
export async function launchChromiumPair(): Promise<[ChromiumDevice, ChromiumDevice]> {
  const a = await launchChromiumDevice('a');
  const b = await launchChromiumDevice('b');
  return [a, b];
}

export interface FirefoxDevice {
  ext: FirefoxExtension;
  panel: FirefoxPage;
  close(): Promise<void>;
}

export async function launchFirefoxDevice(): Promise<FirefoxDevice> {
  const ext = await launchFirefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false } });
  const panel = await ext.openExtensionPage('sidepanel.html');
  return { ext, panel, close: () => ext.close() };
}
