import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
/** Where the build under test lives; parallel work trees build into their own folder. */
const OUT_DIR = resolve(ROOT, process.env.WXT_OUT_DIR ?? '.output');
export const CHROME_EXT = join(OUT_DIR, 'chrome-mv3');
export const FIREFOX_EXT = join(OUT_DIR, 'firefox-mv2');
export const SCREENSHOTS = join(ROOT, 'tests/e2e/screenshots');
export const CHROMIUM_BIN = process.env.CHROMIUM_BIN ?? '/usr/lib/chromium/chromium';
export const FIREFOX_BIN = process.env.FIREFOX_BIN ?? '/usr/lib/firefox-esr/firefox-esr';

export function freshDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `claude-mem-${prefix}-`));
}
