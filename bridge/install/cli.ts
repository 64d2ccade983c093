/**
 * `npm run bridge:install` / `bridge:uninstall`: builds the bridge, writes its launcher and a
 * host manifest for each browser (per user; Windows also its registry key), and prints the
 * config for the desktop tools. Uninstall removes exactly what install wrote.
 * Its options: bridge/install/options.ts.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_NAME } from '../../lib/bridge/limits';
import { BUNDLE, buildBridge } from '../build';
import { hostManifest } from './manifest';
import { type InstallOptions, installOptions } from './options';
import { configSnippets } from './snippets';
import { BROWSERS, type Browser, manifestTargets, type Platform, type Target } from './targets';

const CHECKOUT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = join(CHECKOUT, 'bridge', 'dist');
const WINDOWS = process.platform === 'win32';
const LAUNCHER = join(DIST, WINDOWS ? 'claude-mem-host.bat' : 'claude-mem-host');

function targets(browsers: Browser[], userDataDir?: string): Target[] {
  const platform = (WINDOWS ? 'win32' : process.platform === 'darwin' ? 'darwin' : 'linux') as Platform;
  const windowsDir = process.env.LOCALAPPDATA ? join(process.env.LOCALAPPDATA, 'claude-mem', 'bridge') : undefined;
  return manifestTargets({
    platform,
    home: homedir(),
    hostName: HOST_NAME,
    browsers,
    ...(userDataDir ? { userDataDir } : {}),
    ...(windowsDir ? { windowsDir } : {}),
  });
}

async function writeLauncher(): Promise<void> {
  await buildBridge();
  // Browsers start hosts without the user's shell PATH: name this node by its full path.
  const text = WINDOWS
    ? `@echo off\r\n"${process.execPath}" "${BUNDLE}" host %*\r\n`
    : `#!/bin/sh\nexec '${process.execPath}' '${BUNDLE}' host "$@"\n`;
  writeFileSync(LAUNCHER, text);
  chmodSync(LAUNCHER, 0o755);
}

async function install(list: Target[], ids: Pick<InstallOptions, 'chromeIds' | 'geckoIds'>): Promise<void> {
  await writeLauncher();
  for (const t of list) {
    mkdirSync(dirname(t.file), { recursive: true });
    const manifest = hostManifest({
      browser: t.browser,
      hostName: HOST_NAME,
      path: LAUNCHER,
      chromeIds: ids.chromeIds,
      geckoIds: ids.geckoIds,
    });
    writeFileSync(t.file, `${JSON.stringify(manifest, null, 2)}\n`);
    if (t.registryKey) execFileSync('reg', ['add', t.registryKey, '/ve', '/t', 'REG_SZ', '/d', t.file, '/f']);
    console.log(`${t.browser}: ${t.file}${t.registryKey ? ` (registry ${t.registryKey})` : ''}`);
  }
  console.log(
    `\nAllowed to connect: ${ids.chromeIds.map((id) => `chrome-extension://${id}/`).join(', ')} and ${ids.geckoIds.join(', ')} (Firefox).`,
  );
  console.log('Turn it on in the browser: claude-mem side panel → Settings → Desktop tools (MCP).\n');
  console.log(configSnippets(CHECKOUT));
}

/** `everywhere`: no --browser given, so no manifest is left that could still start the launcher. */
function uninstall(list: Target[], everywhere: boolean): void {
  for (const t of list) {
    // Only a manifest of ours is removed: a file of the same name from elsewhere is left alone.
    if (existsSync(t.file) && JSON.parse(readFileSync(t.file, 'utf8')).name === HOST_NAME) {
      rmSync(t.file);
      console.log(`removed ${t.file}`);
    }
    if (t.registryKey) {
      try {
        execFileSync('reg', ['delete', t.registryKey, '/f'], { stdio: 'ignore' });
      } catch {
        // Not there: nothing to remove.
      }
    }
  }
  if (everywhere) rmSync(LAUNCHER, { force: true });
}

try {
  const opts = installOptions(process.argv.slice(2));
  const list = targets(opts.browsers, opts.userDataDir);
  if (opts.command === 'install') await install(list, opts);
  else if (opts.command === 'uninstall') uninstall(list, opts.browsers.length === BROWSERS.length && !opts.userDataDir);
  else throw new Error(`unknown command ${opts.command} (install or uninstall)`);
} catch (error) {
  console.error(`bridge:${process.argv[2] ?? 'install'}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
