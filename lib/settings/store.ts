/**
 * Reading and writing settings in extension storage, with typed migrations between stored
 * versions. The API key is kept apart, where content scripts cannot read it, and only the
 * background reads it.
 */
import { browser } from '#imports';
import { readSecret, writeSecret } from '../db/secrets';
import { formatFirstIssue } from '../zod-errors';
import { migrateSettings } from './migrations';
import { defaultSettings, type Settings, SettingsSchema } from './schema';

export const SETTINGS_STORAGE_KEY = 'settings';
const API_KEY_STORAGE_KEY = 'secret.apiKey';

export { migrateSettings } from './migrations';

export async function loadSettings(): Promise<Settings> {
  const got = await browser.storage.local.get(SETTINGS_STORAGE_KEY);
  try {
    return migrateSettings(got[SETTINGS_STORAGE_KEY]);
  } catch {
    // A damaged settings object must not brick the extension: fall back to defaults.
    return defaultSettings();
  }
}

export async function saveSettings(next: unknown): Promise<Settings> {
  const parsed = SettingsSchema.safeParse(next);
  if (!parsed.success) throw new Error(`settings: ${formatFirstIssue(parsed.error, next)}`);
  await browser.storage.local.set({ [SETTINGS_STORAGE_KEY]: parsed.data });
  return parsed.data;
}

/**
 * The key lives in the extension's own IndexedDB (lib/db/secrets.ts), where no content script
 * can read it. Builds up to 0.1.0 kept it in `storage.local`, which content scripts can read:
 * the first read moves it and removes the old copy.
 */
export async function loadApiKey(): Promise<string | null> {
  const stored = await readSecret(API_KEY_STORAGE_KEY);
  const legacy = (await browser.storage.local.get(API_KEY_STORAGE_KEY))[API_KEY_STORAGE_KEY];
  if (legacy === undefined) return stored;
  // Whatever is there, it must not stay where content scripts can read it.
  const moved = !stored && typeof legacy === 'string' && legacy.length > 0 ? legacy : null;
  if (moved) await writeSecret(API_KEY_STORAGE_KEY, moved);
  await browser.storage.local.remove(API_KEY_STORAGE_KEY);
  return stored ?? moved;
}

const keyListeners = new Set<(key: string | null) => void>();

/** The background's scrubber follows the key as it is saved or removed. */
export function onApiKeyChanged(listener: (key: string | null) => void): void {
  keyListeners.add(listener);
}

export async function saveApiKey(key: string | null): Promise<void> {
  await writeSecret(API_KEY_STORAGE_KEY, key || null);
  await browser.storage.local.remove(API_KEY_STORAGE_KEY);
  for (const listener of keyListeners) listener(key || null);
}
