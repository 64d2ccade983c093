/**
 * Desktop tools switched on where the bridge was never installed: the panel says so and shows
 * the command to run, in English and Chinese. Chromium looks for host manifests in the
 * profile's own `NativeMessagingHosts` (with `--user-data-dir`, that is where the per-user ones
 * live) and in /etc/chromium/native-messaging-hosts: the test uses a fresh profile, runs the
 * install tool's uninstall on it, and checks both places hold no manifest before it starts.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_NAME } from '../../lib/bridge/limits';
import { bridgeUninstall, grantNativeMessaging } from './harness/bridge';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { openPanel, openSettings, saveSettings, setLanguage } from './harness/panel';
import { freshDir } from './harness/paths';

const SYSTEM_HOSTS = '/etc/chromium/native-messaging-hosts';

describe('desktop tools without the bridge installed (Chromium)', () => {
  const profile = freshDir('bridge-none');
  let ext: ExtensionBrowser;
  let panel: Page;

  beforeAll(async () => {
    bridgeUninstall(['--browser', 'chromium', '--user-data-dir', profile]);
    // The permission the user would grant in the browser's dialog, between two launches.
    const first = await launchChromium({ userDataDir: profile });
    const id = first.extensionId;
    await first.close();
    grantNativeMessaging(profile, id);
    ext = await launchChromium({ userDataDir: profile });
    panel = await openPanel(ext);
  });

  afterAll(async () => {
    await ext?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('finds no host manifest anywhere this browser looks', () => {
    expect(existsSync(join(profile, 'NativeMessagingHosts', `${HOST_NAME}.json`))).toBe(false);
    expect(existsSync(join(SYSTEM_HOSTS, `${HOST_NAME}.json`))).toBe(false);
  });

  it('turning it on shows "not installed" with the install command, in both languages', async () => {
    await openSettings(panel, 'desktop');
    await panel.getByRole('heading', { name: 'Desktop tools (MCP)' }).waitFor();
    await panel.getByRole('checkbox', { name: 'Use my memory in desktop tools' }).click();
    await saveSettings(panel);
    const state = panel.locator('.bridge-state');
    await state.filter({ hasText: 'The bridge is not installed on this computer' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => state.locator('code').textContent()).toBe('npm run bridge:install');
    expect(await state.textContent()).toContain('Then turn this switch off and on again');

    await setLanguage(panel, 'zh');
    await openSettings(panel, 'desktop');
    await state.filter({ hasText: '本机尚未安装桥接程序' }).waitFor();
    await expect.poll(() => state.locator('code').textContent()).toBe('npm run bridge:install');
    await setLanguage(panel, 'en');
  });
});
