/**
 * Settings shows one section at a time, picked from a short row of names: every setting is
 * the Settings tab and one click away, and the page as it opens is one section tall. The
 * section picked stays while the panel is open (switching views and back keeps it).
 */
import { signal } from '@preact/signals';
import { go } from './nav';

export const SETTINGS_SECTIONS = ['connection', 'sites', 'capture', 'language', 'data', 'sync', 'desktop'] as const;
export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number];

export const settingsSection = signal<SettingsSectionId>('connection');

export function openSettingsSection(id: SettingsSectionId): void {
  settingsSection.value = id;
}

/** Opens Settings at one section (a "fix it in Settings" link goes to the part that fixes it). */
export function goToSettings(id: SettingsSectionId): void {
  openSettingsSection(id);
  go('settings');
}
