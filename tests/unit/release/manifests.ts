/** The manifests wxt.config.ts makes, for tests that compare them with the store texts and the policy. */
import config from '../../../wxt.config';

export interface ManifestLike {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  key?: string;
  description?: string;
  version?: string;
  browser_specific_settings?: {
    gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
}

export async function manifestFor(browser: 'chrome' | 'firefox', storePackage = false): Promise<ManifestLike> {
  const before = process.env.STORE_PACKAGE;
  if (storePackage) process.env.STORE_PACKAGE = '1';
  else delete process.env.STORE_PACKAGE;
  try {
    const manifest = config.manifest;
    if (typeof manifest !== 'function') throw new Error('wxt.config.ts: manifest is expected to be a function');
    const env = {
      browser,
      manifestVersion: browser === 'firefox' ? 2 : 3,
      mode: 'production',
      command: 'build',
    } as const;
    return (await manifest(env)) as ManifestLike;
  } finally {
    if (before === undefined) delete process.env.STORE_PACKAGE;
    else process.env.STORE_PACKAGE = before;
  }
}

/** Every match pattern the extension may get: granted at install or asked for at runtime. */
export function hostPatterns(m: ManifestLike): string[] {
  const optional = (m.optional_permissions ?? []).filter((p) => p.includes('://'));
  return [...(m.host_permissions ?? []), ...(m.optional_host_permissions ?? []), ...optional];
}

/** Named API permissions, granted or optional (match patterns left out). */
export function apiPermissions(m: ManifestLike): string[] {
  return [...(m.permissions ?? []), ...(m.optional_permissions ?? []).filter((p) => !p.includes('://'))];
}
