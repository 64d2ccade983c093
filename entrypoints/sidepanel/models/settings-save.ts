/**
 * The one way Settings saves: every choice in the view (the form, the language, the desktop
 * tools switches, what sync carries, each site's default space) is a draft until Save settings, and Discard changes puts
 * all of them back. Actions (Test connection, Turn on sync, Sync now, export, import, restore,
 * Remove key) run when pressed: they do something, they do not choose a setting.
 *
 * The bar's line belongs to the state it describes: "Settings saved." only while nothing is
 * changed again and the section saved from is shown, a failure only until the next edit.
 */
import { computed, signal } from '@preact/signals';
import { t } from '../../../lib/i18n';
import { desktopDirty, desktopDraft, writeDesktopTools } from './desktop-tools';
import { messageOf } from './notice';
import { discardForm, form, formDirty, writeSettingsForm } from './settings';
import { type SettingsSectionId, settingsSection } from './settings-sections';
import { discardSiteDefaults, siteDefaultsDirty, writeSiteDefaults } from './site-default-draft';
import { travelDirty, travelDraft, writeTravel } from './sync';

export const anyDirty = computed(
  () => formDirty.value || desktopDirty.value || travelDirty.value || siteDefaultsDirty.value,
);

export interface SaveLine {
  kind: 'clean' | 'unsaved' | 'saved' | 'failed';
  text: () => string;
}

type Outcome = { kind: 'saved'; section: SettingsSectionId } | { kind: 'failed'; error: string; form: unknown };
const outcome = signal<Outcome | null>(null);
export const saving = signal(false);

/** The save bar's one line. */
export const saveLine = computed<SaveLine>(() => {
  const o = outcome.value;
  if (o?.kind === 'failed' && o.form === form.value)
    return { kind: 'failed', text: () => t('settings.saveFailed', { error: o.error }) };
  if (anyDirty.value) return { kind: 'unsaved', text: () => t('settings.unsaved') };
  if (o?.kind === 'saved' && o.section === settingsSection.value)
    return { kind: 'saved', text: () => t('settings.saved') };
  return { kind: 'clean', text: () => t('settings.allSaved') };
});

/** Must run inside the Save click: the host and nativeMessaging permissions are asked in it. */
export async function saveSettings(): Promise<boolean> {
  saving.value = true;
  outcome.value = null;
  // Each writer asks its permission synchronously, before its first await.
  const writes = [
    formDirty.value ? writeSettingsForm() : Promise.resolve(),
    writeDesktopTools(),
    writeTravel(),
    writeSiteDefaults(),
  ];
  try {
    const failed = (await Promise.allSettled(writes)).find((r) => r.status === 'rejected');
    outcome.value = failed
      ? { kind: 'failed', error: messageOf((failed as PromiseRejectedResult).reason), form: form.value }
      : { kind: 'saved', section: settingsSection.peek() };
    return !failed;
  } finally {
    saving.value = false;
  }
}

export function discardSettings(): void {
  discardForm();
  desktopDraft.value = null;
  travelDraft.value = null;
  discardSiteDefaults();
  outcome.value = null;
}
