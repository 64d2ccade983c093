/**
 * Settings as the panel edits them: `saved` mirrors the background, `form` is the editable
 * copy, and the API key is write-only (the panel only ever learns whether one is stored).
 */
import { computed, signal } from '@preact/signals';
import { applyLanguagePref, t } from '../../../lib/i18n';
import type { ResponseOf } from '../../../lib/protocol';
import { SETTINGS_CHANGED_EVENT } from '../../../lib/protocol/panel-events';
import { send } from '../../../lib/protocol/panel-send';
import { ensureHostPermission } from '../../../lib/provider/host-permission';
import { needsKey } from '../../../lib/provider/presets';
import type { Settings, SiteMode, SiteSettings } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { onPanelEvent } from './background-events';
import { fail, messageOf, say } from './notice';

export const saved = signal<Settings | null>(null);
export const form = signal<Settings | null>(null);
/** What the form started from: a save writes only the fields changed since (merge.ts). */
const formBase = signal<Settings | null>(null);
/** Origins a key is stored for; the key itself never reaches the panel. */
const keyOrigins = signal<readonly string[]>([]);
export const apiKeyInput = signal('');

function originOf(baseUrl: string | undefined): string | null {
  try {
    return baseUrl ? new URL(baseUrl).origin : null;
  } catch {
    return null;
  }
}

/** A key is stored for the endpoint the form points at (each origin has its own key). */
export const hasApiKey = computed(() => {
  const origin = originOf(form.value?.baseUrl);
  return origin !== null && keyOrigins.value.includes(origin);
});

/** Extraction is blocked for want of a key for the saved endpoint (a local server needs none). */
export const keyMissing = computed(() => {
  const s = saved.value;
  if (s === null) return true;
  const origin = originOf(s.baseUrl);
  return needsKey(s) && (origin === null || !keyOrigins.value.includes(origin));
});

/** The form differs from what is stored (a typed key counts: it is saved with the form). */
export const formDirty = computed(
  () => apiKeyInput.value !== '' || JSON.stringify(form.value) !== JSON.stringify(saved.value),
);

function accept(r: ResponseOf<'settings.get'>, keepForm = false): void {
  saved.value = r.settings;
  if (!keepForm || !form.value) {
    form.value = r.settings;
    formBase.value = r.settings;
  }
  keyOrigins.value = r.keyOrigins;
  // The panel speaks the language the form shows: a choice not saved yet is previewed.
  applyLanguagePref((form.value ?? r.settings).language);
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
  const stop = onPanelEvent((event) => {
    if (event.type === SETTINGS_CHANGED_EVENT)
      void send('settings.get', {})
        .then((r) => accept(r, formDirty.value))
        .catch(() => {});
  });
  void loadSettingsModel();
  return stop;
}

export function editForm(patch: Partial<Settings>): void {
  if (form.value) form.value = { ...form.value, ...patch };
}

export function editSite(site: SiteId, patch: Partial<SiteSettings>): void {
  const f = form.value;
  if (f) form.value = { ...f, sites: { ...f.sites, [site]: { ...f.sites[site], ...patch } } };
}

/**
 * Writes the form (the Save settings button: models/settings-save.ts). Throws the background's
 * words when it refuses; a failure leaves the form as it is.
 */
export async function writeSettingsForm(): Promise<void> {
  const settings = form.value;
  if (!settings) return;
  // A new endpoint needs its origin granted; asked before any await (it needs the click).
  if (settings.baseUrl !== saved.value?.baseUrl) void ensureHostPermission(settings.baseUrl);
  const key = apiKeyInput.value.trim();
  const base = formBase.value ?? undefined;
  const r = await send('settings.set', { settings, ...(base ? { base } : {}), ...(key ? { apiKey: key } : {}) });
  // Edits made while the save was on its way (Enter in a field saves, and the user goes on)
  // stay in the form; the next save writes what changed since this one.
  const editedSince = form.value !== settings;
  accept(r, editedSince);
  if (editedSince) formBase.value = r.settings;
  if (apiKeyInput.value.trim() === key) apiKeyInput.value = '';
}

export async function saveSettingsForm(): Promise<boolean> {
  try {
    await writeSettingsForm();
    return true;
  } catch {
    return false;
  }
}

export async function removeApiKey(): Promise<void> {
  const settings = saved.value;
  if (!settings) return;
  try {
    // The key of the endpoint the form shows; with `base` equal to what is sent, no setting changes.
    const shown = { ...settings, baseUrl: form.value?.baseUrl ?? settings.baseUrl };
    accept(await send('settings.set', { settings: shown, base: shown, apiKey: null }), true);
    say(() => t('settings.keyRemoved'));
  } catch (error) {
    fail(messageOf(error));
  }
}

/** Saves one change right away on top of what is stored (This tab's switches, outside Settings). */
async function saveNow(patch: (s: Settings) => Settings): Promise<void> {
  const settings = saved.value;
  if (!settings) return;
  try {
    const r = await send('settings.set', { settings: patch(settings), base: settings });
    const keep = formDirty.value;
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

/** The panel redraws in the chosen language at once; Save settings keeps it. */
export function chooseLanguage(language: Settings['language']): void {
  editForm({ language });
  applyLanguagePref(language);
}

export function discardForm(): void {
  form.value = saved.value;
  formBase.value = saved.value;
  apiKeyInput.value = '';
  if (saved.value) applyLanguagePref(saved.value.language);
}
