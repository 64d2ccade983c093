/**
 * API keys are stored per origin (`https://api.anthropic.com`): a key entered for one
 * endpoint is only ever sent there. Builds up to 0.2.x stored one key for whatever endpoint
 * was set (`secret.apiKey`; lib/db/trusted.ts brings a 0.1.0 one over from `storage.local` once): it is bound once to the
 * endpoint set at that time, or to the default provider's when that endpoint takes no key.
 */

import { needsKey } from '../provider/presets';
import { defaultSettings, type Settings } from '../settings/schema';
import { listSecrets, readSecret, writeSecret } from './secrets';

const KEY_PREFIX = 'apiKey:';
const LEGACY_KEY_NAME = 'secret.apiKey';

function originOf(baseUrl: string): string | null {
  try {
    const { origin } = new URL(baseUrl);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The secret's name for this endpoint's key, or null for text that is not a URL. */
export function keyName(baseUrl: string): string | null {
  const origin = originOf(baseUrl);
  return origin ? KEY_PREFIX + origin : null;
}

export async function listKeyOrigins(): Promise<string[]> {
  return (await listSecrets()).filter((r) => r.name.startsWith(KEY_PREFIX)).map((r) => r.name.slice(KEY_PREFIX.length));
}

/** Binds an older build's single key (moved out of storage.local by lib/db/trusted.ts) to an origin, once. */
export async function bindLegacyKey(settings: Settings): Promise<void> {
  const legacy = await readSecret(LEGACY_KEY_NAME);
  if (legacy === null) return;
  const target = keyName(needsKey(settings) ? settings.baseUrl : defaultSettings().baseUrl);
  if (target && (await readSecret(target)) === null) await writeSecret(target, legacy);
  await writeSecret(LEGACY_KEY_NAME, null);
}
