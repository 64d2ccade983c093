/**
 * Typed migrations between stored settings versions, pure (no browser API) so that an
 * imported file's settings are lifted by the same steps as the stored ones.
 */

import { isAllowedBaseUrl } from '../provider/base-url';
import { presetForBaseUrl } from '../provider/presets';
import { formatFirstIssue } from '../zod-errors';
import { DEFAULT_BASE_URL, defaultSettings, SETTINGS_VERSION, type Settings, SettingsSchema } from './schema';

/** One step from stored version N to N+1. Index = the version it upgrades from. */
type Migration = (old: Record<string, unknown>) => Record<string, unknown>;

/**
 * v0 was the unversioned shape of the first development builds: a flat `budget` instead of
 * per-site budgets. Kept so those stores keep working.
 * v1 (0.1.0) had per site `enabled` and `mode`; `enabled: false` was meant as "claude-mem off
 * on this site", so it becomes both switches off. v2 names the switches for what they do.
 * v2 → v3 (provider presets): the provider is the preset whose base URL the user had, else
 * `custom`; the auth style is that preset's, else Bearer (what the SDK sent for everyone
 * before). A base URL that is plain http to another computer is no longer allowed: it is
 * replaced by Anthropic's, so the key is never sent in the clear.
 * v3 → v4 (review of new memories): `review` is added with its default, "use new memories at
 * once", which is what every store did before; no site has its own choice yet.
 * v4 → v5 (desktop tools): nothing to carry over; the schema's default (off) fills them in.
 * v6 → v7 (request keywords): nothing to carry over; the schema's default (on) fills it in, so
 * a store with a provider connected and learning on starts asking, as a new install does.
 * v7 → v8 (spaces, past chats): nothing to carry over; the defaults hold — past chats off on
 * every site, desktop tools read every space that is not isolated (there are none yet), and
 * `search_chats` off.
 * v8 → v9 (judging candidates): a store from before starts with it off. The user turned on, or
 * kept, request keywords when they sent the draft only; their memories and past chats go to the
 * provider with it only once they turn the new switch on (a new install starts with it on, its
 * text in Settings).
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
  1: (old) => {
    if (!isRecord(old.sites)) return { ...old, version: 2 };
    const sites: Record<string, unknown> = {};
    for (const [id, site] of Object.entries(old.sites)) sites[id] = isRecord(site) ? siteV1toV2(site) : site;
    return { ...old, sites, version: 2 };
  },
  2: (old) => {
    // Nothing stored: the defaults (Anthropic) apply, and nothing is added that was not there.
    if (typeof old.baseUrl !== 'string') return { ...old, version: 3 };
    const baseUrl = isAllowedBaseUrl(old.baseUrl) ? old.baseUrl : DEFAULT_BASE_URL;
    const preset = presetForBaseUrl(baseUrl);
    return { ...old, baseUrl, provider: preset?.id ?? 'custom', authStyle: preset?.auth ?? 'bearer', version: 3 };
  },
  3: (old) => ({ ...old, review: 'use-at-once', version: 4 }),
  4: (old) => ({ ...old, version: 5 }),
  5: (old) => {
    const { transcriptRetentionDays: days, ...rest } = old;
    const keep = keepFromDays(days);
    // Only where days were stored: a choice already there (or the default) is left alone.
    return { ...rest, ...(keep ? { keepChatHistory: keep } : {}), version: 6 };
  },
  6: (old) => ({ ...old, version: 7 }),
  7: (old) => ({ ...old, version: 8 }),
  8: (old) => ({ ...old, judgeCandidates: false, version: 9 }),
};

/**
 * v5 → v6 (chat history): days of transcript kept after extraction become the history
 * choice. The old default (30) and anything up to a year become the new default, a year: chat
 * history is searchable now and that is what it is kept for; less than 30 days keeps 30 (the
 * shortest time choice); more than a year keeps it for ever.
 */
function keepFromDays(days: unknown): string | undefined {
  if (typeof days !== 'number') return undefined;
  if (days < 30) return '30d';
  return days <= 365 ? '1y' : 'forever';
}

function siteV1toV2(site: Record<string, unknown>): Record<string, unknown> {
  const { enabled, mode, ...rest } = site;
  const on = enabled !== false;
  return { ...rest, learn: on, inject: on ? (mode ?? 'auto') : 'off' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Lifts any stored shape to the current version, then validates and fills defaults. */
export function migrateSettings(stored: unknown): Settings {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return defaultSettings();
  const current = liftSettings(stored as Record<string, unknown>);
  const parsed = SettingsSchema.safeParse(current);
  if (!parsed.success) throw new Error(`settings: ${formatFirstIssue(parsed.error, current)}`);
  return parsed.data;
}

/** Runs the migrations from the object's version to the current one, without validating. */
export function liftSettings(stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  let current = { ...stored };
  let version = typeof current.version === 'number' ? current.version : 0;
  if (version > SETTINGS_VERSION) throw new Error(`settings version ${version} is newer than this build supports`);
  while (version < SETTINGS_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new Error(`no settings migration from version ${version}`);
    current = step(current);
    version = current.version as number;
  }
  return current;
}
