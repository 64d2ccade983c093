/**
 * Which settings a memory file (or a backup) may change, and how. A file comes from anywhere,
 * so it never touches the connection (base URL, model, key: where the key is sent), the daily
 * cost cap, or the privacy patterns (a pattern is a regular expression run on every
 * transcript). It may propose the rest, listed as exact changes the user confirms one list at
 * a time. An allow-list, so a setting added later is protected until someone decides otherwise.
 */
import { type Settings, SettingsSchema } from './schema';

export const IMPORTABLE_SETTINGS = ['sites', 'idleMinutes', 'keepChatHistory', 'language'] as const;
type ImportableKey = (typeof IMPORTABLE_SETTINGS)[number];

export interface SettingChange {
  /** Dotted path, e.g. `sites.chatgpt.inject` or `idleMinutes`. */
  path: string;
  from: unknown;
  to: unknown;
}

const importable = (key: string): key is ImportableKey => (IMPORTABLE_SETTINGS as readonly string[]).includes(key);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function leafChanges(path: string, from: unknown, to: unknown, out: SettingChange[]): void {
  if (isRecord(from) && isRecord(to)) {
    for (const key of Object.keys(to).sort()) {
      if (key in from) leafChanges(`${path}.${key}`, from[key], to[key], out);
    }
    return;
  }
  if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ path, from, to });
}

/**
 * The changes `incoming` would make to `current`, importable keys only, each value checked
 * against the settings schema (a change that would not validate is left out).
 */
export function proposeSettingsChanges(current: Settings, incoming: unknown): SettingChange[] {
  if (!isRecord(incoming)) return [];
  const out: SettingChange[] = [];
  for (const key of IMPORTABLE_SETTINGS) {
    if (!(key in incoming)) continue;
    const candidate = SettingsSchema.safeParse({ ...current, [key]: incoming[key] });
    if (!candidate.success) continue;
    leafChanges(key, current[key], candidate.data[key], out);
  }
  return out;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const next = isRecord(target[head]) ? { ...(target[head] as Record<string, unknown>) } : {};
  target[head] = next;
  setPath(next, rest, value);
}

/**
 * Applies confirmed changes to `current`; a change outside the importable keys, or a result
 * that does not validate, throws and nothing is applied.
 */
export function applySettingsChanges(
  current: Settings,
  changes: readonly Pick<SettingChange, 'path' | 'to'>[],
): Settings {
  const next = structuredClone(current) as unknown as Record<string, unknown>;
  for (const { path, to } of changes) {
    const parts = path.split('.');
    if (!importable(parts[0] ?? '') || parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype'))
      throw new Error(`settings: ${path} cannot be changed by an import`);
    setPath(next, parts, to);
  }
  const parsed = SettingsSchema.safeParse(next);
  if (!parsed.success) throw new Error('settings: the confirmed changes do not make valid settings');
  return parsed.data;
}

/** The importable part of `saved` laid over `current`: what a restored backup brings back. */
export function restoreImportable(current: Settings, saved: unknown): Settings {
  if (!isRecord(saved)) return current;
  let next = current;
  for (const key of IMPORTABLE_SETTINGS) {
    if (!(key in saved)) continue;
    const candidate = SettingsSchema.safeParse({ ...next, [key]: saved[key] });
    if (candidate.success) next = candidate.data;
  }
  return next;
}
