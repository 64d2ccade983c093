/**
 * What the user's "Allow" in Chromium's permission dialog leaves behind in a profile's
 * preferences. A headless browser shows that dialog where no test can click it (a
 * `permissions.request` then never settles), so a test grants between two launches; the
 * extension's own request then resolves at once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Grants {
  /** API permissions, e.g. `nativeMessaging`. */
  api?: readonly string[];
  /** Host match patterns, e.g. `http://127.0.0.1/*`. */
  hosts?: readonly string[];
}

export function grantInProfile(profile: string, extensionId: string, grants: Grants): void {
  const file = join(profile, 'Default', 'Preferences');
  const prefs = JSON.parse(readFileSync(file, 'utf8'));
  const ext = prefs.extensions.settings[extensionId];
  for (const key of ['granted_permissions', 'active_permissions', 'runtime_granted_permissions']) {
    ext[key] ??= {};
    if (grants.api) ext[key].api = [...new Set([...(ext[key].api ?? []), ...grants.api])];
    if (grants.hosts) ext[key].explicit_host = [...new Set([...(ext[key].explicit_host ?? []), ...grants.hosts])];
  }
  writeFileSync(file, JSON.stringify(prefs));
}
