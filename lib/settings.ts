/**
 * Reading and writing settings in extension storage, with typed migrations between stored
 * versions. The API key is kept apart (`API_KEY_STORAGE_KEY`) and only the background reads it.
 */
import { browser } from '#imports';
import { defaultSettings, SETTINGS_VERSION, type Settings, SettingsSchema } from './settings-schema';
import { formatFirstIssue } from './zod-errors';

export const SETTINGS_STORAGE_KEY = 'settings';
export const API_KEY_STORAGE_KEY = 'secret.apiKey';

/** One step from stored version N to N+1. Index = the version it upgrades from. */
type Migration = (old: Record<string, unknown>) => Record<string, unknown>;

/**
 * v0 was the unversioned shape of the first development builds: a flat `budget` instead of
 * per-site budgets. Kept so those stores keep working, and as the pattern for v1 → v2.
 */
const MIGRATIONS: Readonly<Record<number, Migration>> = {
  0: (old) => {
    const { budget, ...rest } = old;
    const sites: Record<string, unknown> = {};
    if (typeof budget === 'number') {
      for (const id of Object.keys(defaultSettings().sites)) sites[id] = { budgetTokens: budget };
    }
    return { ...rest, sites, version: 1 };
  },
};

/** Lifts any stored shape to the current version, then validates and fills defaults. */
export function migrateSettings(stored: unknown): Settings {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return defaultSettings();
  let current = { ...(stored as Record<string, unknown>) };
  let version = typeof current.version === 'number' ? current.version : 0;
  if (version > SETTINGS_VERSION) throw new Error(`settings version ${version} is newer than this build supports`);
  while (version < SETTINGS_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new Error(`no settings migration from version ${version}`);
    current = step(current);
    version = current.version as number;
  }
  const parsed = SettingsSchema.safeParse(current);
  if (!parsed.success) throw new Error(`settings: ${formatFirstIssue(parsed.error, current)}`);
  return parsed.data;
}

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
