/**
 * Reading and writing settings, with typed migrations between stored versions. Settings and
 * the API keys live in the extension's private database (lib/db/secrets.ts), never in
 * `storage.local`, which content scripts can write. Only the background reads them.
 */

import { migrateSettings } from '../settings/migrations';
import { defaultSettings, type Settings, SettingsSchema } from '../settings/schema';
import { formatFirstIssue } from '../zod-errors';
import { bindLegacyKey, keyName, listKeyOrigins } from './key-origin';
import { listSecrets, readSecret, writeSecret } from './secrets';
import { readTrusted, writeTrusted } from './trusted';

/** The settings' row in the private database. */
export const SETTINGS_NAME = 'settings';

export { migrateSettings } from '../settings/migrations';

/** The last settings read or written in this worker's life, used when a read fails. */
let lastGood: Settings | null = null;

export async function loadSettings(): Promise<Settings> {
  let stored: unknown;
  try {
    stored = await readTrusted(SETTINGS_NAME);
  } catch (error) {
    // A passing read error: keep what this worker already trusted rather than guess defaults,
    // which could point extraction at another provider than the user chose.
    if (lastGood) return lastGood;
    throw error;
  }
  lastGood = settingsOf(stored);
  return lastGood;
}

/** The settings a stored value holds, migrated. */
export function settingsOf(stored: unknown): Settings {
  try {
    return migrateSettings(stored);
  } catch {
    // A damaged settings object must not brick the extension: fall back to defaults.
    return defaultSettings();
  }
}

const settingsListeners = new Set<(settings: Settings) => void>();

/** The background follows saved settings (menu title, open panels). */
export function onSettingsSaved(listener: (settings: Settings) => void): void {
  settingsListeners.add(listener);
}

export async function saveSettings(next: unknown): Promise<Settings> {
  const parsed = SettingsSchema.safeParse(next);
  if (!parsed.success) throw new Error(`settings: ${formatFirstIssue(parsed.error, next)}`);
  await writeTrusted(SETTINGS_NAME, parsed.data);
  lastGood = parsed.data;
  for (const listener of settingsListeners) listener(parsed.data);
  return parsed.data;
}

/**
 * The key for the endpoint the settings point at (or for `baseUrl`). A key is bound to the
 * origin it was entered for: pointing the settings at another host finds no key there, so
 * the previous provider's key is never sent to the new one.
 */
export async function loadApiKey(baseUrl?: string): Promise<string | null> {
  const settings = await loadSettings();
  await bindLegacyKey(settings);
  const name = keyName(baseUrl ?? settings.baseUrl);
  return name ? readSecret(name) : null;
}

/** Every origin a key is stored for (never the keys): what the panel shows. */
export function apiKeyOrigins(): Promise<string[]> {
  return listKeyOrigins();
}

/** Every stored key, for the scrubber that keeps them out of anything leaving the background. */
export async function allApiKeys(): Promise<string[]> {
  await bindLegacyKey(await loadSettings());
  return (await listSecrets()).map((r) => r.value);
}

const keyListeners = new Set<(key: string | null) => void>();

/** The background's scrubber follows the keys as they are saved or removed. */
export function onApiKeyChanged(listener: (key: string | null) => void): void {
  keyListeners.add(listener);
}

/** Stores (or, with null, removes) the key for the settings' endpoint, or for `baseUrl`. */
export async function saveApiKey(key: string | null, baseUrl?: string): Promise<void> {
  const settings = await loadSettings();
  await bindLegacyKey(settings);
  const name = keyName(baseUrl ?? settings.baseUrl);
  if (!name) throw new Error('settings: baseUrl: not a URL a key can be stored for');
  await writeSecret(name, key || null);
  for (const listener of keyListeners) listener(key || null);
}
