/**
 * bridge:install's command line. Which extension may start the host is the only thing the host
 * manifest trusts, so each id is checked for the form a browser gives one: a Chromium id is 32
 * letters a–p (no wildcard or origin fits), a Firefox add-on id is an e-mail-like name or a
 * {UUID}. Without ids the manifest names the unpacked build (the id its public `key` gives, the
 * project's gecko id); a store build passes the ids its stores assigned.
 *   --browser chrome,chromium,edge,brave,firefox   (default: all)
 *   --user-data-dir DIR   a Chromium-family profile root started with --user-data-dir
 *   --chrome-id ID        (repeatable) a Chromium extension id allowed to connect
 *   --gecko-id ID         (repeatable) a Firefox add-on id allowed to connect
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXTENSION_PUBLIC_KEY, GECKO_ID } from '../../lib/bridge/extension-identity';
import { extensionIdFromKey } from './manifest';
import { BROWSERS, type Browser } from './targets';

export interface InstallOptions {
  command: string;
  browsers: Browser[];
  userDataDir?: string;
  chromeIds: string[];
  geckoIds: string[];
}

const CHROME_ID = /^[a-p]{32}$/;
const GECKO =
  /^(?:[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\{[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}\})$/;

function checked(ids: readonly string[] | undefined, form: RegExp, flag: string, fallback: string): string[] {
  const bad = (ids ?? []).find((id) => !form.test(id));
  if (bad !== undefined) throw new Error(`--${flag} ${JSON.stringify(bad)} is not an id a browser gives`);
  return ids && ids.length > 0 ? [...new Set(ids)] : [fallback];
}

export function installOptions(argv: string[]): InstallOptions {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      browser: { type: 'string', multiple: true },
      'user-data-dir': { type: 'string' },
      'chrome-id': { type: 'string', multiple: true },
      'gecko-id': { type: 'string', multiple: true },
    },
  });
  const names = (values.browser ?? []).flatMap((b) => b.split(',')).filter(Boolean);
  const unknown = names.filter((b) => !(BROWSERS as readonly string[]).includes(b));
  if (unknown.length > 0) throw new Error(`unknown browser ${unknown.join(', ')} (one of ${BROWSERS.join(', ')})`);
  const browsers = names.length > 0 ? (names as Browser[]) : [...BROWSERS];
  const userDataDir = values['user-data-dir'] ? resolve(values['user-data-dir']) : undefined;
  // `npm run bridge:install -- uninstall` arrives as `install uninstall`: doing either would surprise.
  if (positionals.length > 1)
    throw new Error(`one command, not ${positionals.join(' ')} (npm run bridge:uninstall removes)`);
  return {
    command: positionals[0] ?? 'install',
    browsers,
    ...(userDataDir ? { userDataDir } : {}),
    chromeIds: checked(values['chrome-id'], CHROME_ID, 'chrome-id', extensionIdFromKey(EXTENSION_PUBLIC_KEY)),
    geckoIds: checked(values['gecko-id'], GECKO, 'gecko-id', GECKO_ID),
  };
}
