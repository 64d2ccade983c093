/**
 * Where each browser looks for a native messaging host's manifest, per user. Pure: the
 * platform, home directory and options are passed in, so tests check every platform here.
 * Sources (read 2026-12-01): Chrome's "Native messaging" guide (host location per OS, and
 * `<user-data-dir>/NativeMessagingHosts` for a custom --user-data-dir on Linux and macOS),
 * MDN "Native manifests" (Firefox's per-user locations and registry key), Microsoft's Edge
 * native messaging page, and Brave's own use of the Chromium paths under BraveSoftware.
 */
import { join } from 'node:path';

export const BROWSERS = ['chrome', 'chromium', 'edge', 'brave', 'firefox'] as const;
export type Browser = (typeof BROWSERS)[number];
export type Platform = 'linux' | 'darwin' | 'win32';

export interface Target {
  browser: Browser;
  /** The manifest file to write. */
  file: string;
  /** Windows: the HKCU key whose default value is the manifest's path. */
  registryKey?: string;
}

const LINUX: Record<Browser, string> = {
  chrome: '.config/google-chrome/NativeMessagingHosts',
  chromium: '.config/chromium/NativeMessagingHosts',
  edge: '.config/microsoft-edge/NativeMessagingHosts',
  brave: '.config/BraveSoftware/Brave-Browser/NativeMessagingHosts',
  firefox: '.mozilla/native-messaging-hosts',
};

const MAC: Record<Browser, string> = {
  chrome: 'Library/Application Support/Google/Chrome/NativeMessagingHosts',
  chromium: 'Library/Application Support/Chromium/NativeMessagingHosts',
  edge: 'Library/Application Support/Microsoft Edge/NativeMessagingHosts',
  brave: 'Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts',
  firefox: 'Library/Application Support/Mozilla/NativeMessagingHosts',
};

const WINDOWS_KEYS: Record<Browser, string> = {
  chrome: 'HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts',
  chromium: 'HKCU\\Software\\Chromium\\NativeMessagingHosts',
  edge: 'HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts',
  brave: 'HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts',
  firefox: 'HKCU\\Software\\Mozilla\\NativeMessagingHosts',
};

export interface TargetOptions {
  platform: Platform;
  home: string;
  hostName: string;
  browsers: readonly Browser[];
  /** A Chromium-family profile root started with --user-data-dir: its own NativeMessagingHosts. */
  userDataDir?: string;
  /** Windows: where the manifests themselves are kept (%LOCALAPPDATA%\claude-mem). */
  windowsDir?: string;
}

export function manifestTargets(opts: TargetOptions): Target[] {
  const name = `${opts.hostName}.json`;
  return opts.browsers.map((browser): Target => {
    if (opts.userDataDir && browser !== 'firefox' && opts.platform !== 'win32') {
      return { browser, file: join(opts.userDataDir, 'NativeMessagingHosts', name) };
    }
    if (opts.platform === 'win32') {
      const dir = opts.windowsDir ?? join(opts.home, 'AppData', 'Local', 'claude-mem', 'bridge');
      return { browser, file: join(dir, browser, name), registryKey: `${WINDOWS_KEYS[browser]}\\${opts.hostName}` };
    }
    const base = opts.platform === 'darwin' ? MAC : LINUX;
    return { browser, file: join(opts.home, base[browser], name) };
  });
}
