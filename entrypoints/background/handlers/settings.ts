import { resumeAfterSettingsChange } from '../../../lib/extraction/service';
import { loadApiKey, loadSettings, saveApiKey, saveSettings } from '../../../lib/settings/store';
import type { HandlerGroup } from '../router';

async function publicSettings() {
  return { settings: await loadSettings(), hasApiKey: (await loadApiKey()) !== null };
}

export const settingsHandlers: HandlerGroup<'settings.get' | 'settings.set'> = {
  'settings.get': () => publicSettings(),
  'settings.set': async ({ settings, apiKey }) => {
    // Desktop tools change only through their own message (desktopTools.set), which also
    // opens or closes the bridge: a stale form copy must not switch them.
    await saveSettings({ ...settings, desktopTools: (await loadSettings()).desktopTools });
    // undefined = leave the key as it is; null or '' = remove it.
    if (apiKey !== undefined) await saveApiKey(apiKey?.trim() || null);
    await resumeAfterSettingsChange();
    return publicSettings();
  },
};
