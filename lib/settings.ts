/**
 * Reading and writing settings in extension storage, with typed migrations between stored
 * versions. The API key is kept apart (`API_KEY_STORAGE_KEY`) and only the background reads it.
 */
import { browser } from '#imports';
import { formatFirstIssue } from './memory/zod-errors';
import { migrateSettings } from './settings-migrations';
import { defaultSettings, type Settings, SettingsSchema } from './settings-schema';

export const SETTINGS_STORAGE_KEY = 'settings';
export const API_KEY_STORAGE_KEY = 'secret.apiKey';

export { MIGRATIONS, migrateSettings } from './settings-migrations';

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

export async function loadApiKey(): Promise<string | null> {
  const got = await browser.storage.local.get(API_KEY_STORAGE_KEY);
  const key = got[API_KEY_STORAGE_KEY];
  return typeof key === 'string' && key.length > 0 ? key : null;
}

export async function saveApiKey(key: string | null): Promise<void> {
  if (key) await browser.storage.local.set({ [API_KEY_STORAGE_KEY]: key });
  else await browser.storage.local.remove(API_KEY_STORAGE_KEY);
}
