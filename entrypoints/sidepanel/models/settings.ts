/**
 * Settings as the panel edits them: `saved` mirrors the background, `form` is the editable
 * copy, and the API key is write-only (the panel only ever learns whether one is stored).
 */
import { computed, signal } from '@preact/signals';
import { browser } from '#imports';
import { applyLanguagePref, t } from '../../../lib/i18n';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { ensureHostPermission } from '../../../lib/provider/host-permission';
import { needsKey } from '../../../lib/provider/presets';
import type { Settings, SiteMode, SiteSettings } from '../../../lib/settings/schema';
import { SETTINGS_STORAGE_KEY } from '../../../lib/settings/store';
import type { SiteId } from '../../../lib/sites/ids';
import { fail, messageOf, say } from './notice';

export const saved = signal<Settings | null>(null);
export const form = signal<Settings | null>(null);
export const hasApiKey = signal(false);
export const apiKeyInput = signal('');

/** Extraction is blocked for want of a key (a local server needs none). */
export const keyMissing = computed(() => !hasApiKey.value && (saved.value === null || needsKey(saved.value)));

export const dirty = computed(
  () => apiKeyInput.value !== '' || JSON.stringify(form.value) !== JSON.stringify(saved.value),
);

function accept(r: ResponseOf<'settings.get'>, keepForm = false): void {
  saved.value = r.settings;
  if (!keepForm || !form.value) form.value = r.settings;
  hasApiKey.value = r.hasApiKey;
  applyLanguagePref(r.settings.language);
}

async function loadSettingsModel(): Promise<void> {
  try {
    accept(await send('settings.get', {}));
  } catch (error) {
    fail(messageOf(error));
  }
}

/** Another panel or the background changed settings: follow, without losing unsaved edits. */
export function startSettingsModel(): () => void {
  const onChange = (changes: Record<string, unknown>) => {
    if (SETTINGS_STORAGE_KEY in changes) void send('settings.get', {}).then((r) => accept(r, dirty.value));
  };
  browser.storage.onChanged.addListener(onChange);
  void loadSettingsModel();
  return () => browser.storage.onChanged.removeListener(onChange);
}

export function editForm(patch: Partial<Settings>): void {
  if (form.value) form.value = { ...form.value, ...patch };
}

export function editSite(site: SiteId, patch: Partial<SiteSettings>): void {
  const f = form.value;
  if (f) form.value = { ...f, sites: { ...f.sites, [site]: { ...f.sites[site], ...patch } } };
}

export async function saveSettingsForm(): Promise<boolean> {
  const settings = form.value;
  if (!settings) return false;
  // A new endpoint needs its origin granted; asked before any await (it needs the click).
  if (settings.baseUrl !== saved.value?.baseUrl) void ensureHostPermission(settings.baseUrl);
  try {
    const key = apiKeyInput.value.trim();
    accept(await send('settings.set', { settings, ...(key ? { apiKey: key } : {}) }));
    apiKeyInput.value = '';
    say(() => t('settings.saved'));
    return true;
  } catch (error) {
    fail(() => t('settings.saveFailed', { error: messageOf(error) }));
    return false;
  }
}

export async function removeApiKey(): Promise<void> {
  const settings = saved.value;
  if (!settings) return;
  try {
    accept(await send('settings.set', { settings, apiKey: null }), true);
    say(() => t('settings.keyRemoved'));
  } catch (error) {
    fail(messageOf(error));
  }
}

/** Saves one change right away on top of what is stored (This tab's mode, the language). */
async function saveNow(patch: (s: Settings) => Settings): Promise<void> {
  const settings = saved.value;
  if (!settings) return;
  try {
    const r = await send('settings.set', { settings: patch(settings) });
    const keep = dirty.value;
    accept(r, keep);
    if (keep && form.value) form.value = patch(form.value);
  } catch (error) {
    fail(messageOf(error));
  }
}

export function setSiteMode(site: SiteId, inject: SiteMode): Promise<void> {
  return saveNow((s) => ({ ...s, sites: { ...s.sites, [site]: { ...s.sites[site], inject } } }));
}

export function setSiteLearn(site: SiteId, learn: boolean): Promise<void> {
  return saveNow((s) => ({ ...s, sites: { ...s.sites, [site]: { ...s.sites[site], learn } } }));
}

export function setLanguage(language: Settings['language']): Promise<void> {
  applyLanguagePref(language);
  return saveNow((s) => ({ ...s, language }));
}

export function discardForm(): void {
  form.value = saved.value;
  apiKeyInput.value = '';
}
