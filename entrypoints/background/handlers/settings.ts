import { settleLegacyConsent } from '../../../lib/db/consent';
import { apiKeyOrigins, loadApiKey, loadSettings, saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { resumeAfterSettingsChange } from '../../../lib/queue/service';
import { mergeChangedFields } from '../../../lib/settings/merge';
import type { HandlerGroup } from '../router';

async function publicSettings() {
  return {
    settings: await loadSettings(),
    hasApiKey: (await loadApiKey()) !== null,
    keyOrigins: await apiKeyOrigins(),
  };
}

export const settingsHandlers: HandlerGroup<'settings.get' | 'settings.set'> = {
  'settings.get': () => publicSettings(),
  'settings.set': async ({ settings, base, apiKey }) => {
    // An older build's single "I agree" holds for the endpoint set before this save, not after.
    await settleLegacyConsent();
    const current = await loadSettings();
    const next = base ? mergeChangedFields(current, base, settings) : settings;
    // Desktop tools change only through their own message (desktopTools.set), which also
    // opens or closes the bridge: a settings form must not switch them.
    await saveSettings({ ...next, desktopTools: current.desktopTools });
    // undefined = leave the key as it is; null or '' = remove it. It belongs to the endpoint
    // the form showed: a key typed for one provider is never stored under another's origin.
    if (apiKey !== undefined) await saveApiKey(apiKey?.trim() || null, settings.baseUrl);
    await resumeAfterSettingsChange();
    return publicSettings();
  },
};
