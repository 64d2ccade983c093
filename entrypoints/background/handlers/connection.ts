/** Settings' "Test connection": the saved configuration unless the user is trying new values. */

import { getPause } from '../../../lib/db/queue-state';
import { loadApiKey, loadSettings } from '../../../lib/db/settings-store';
import { testConnection } from '../../../lib/model/connection-test';
import { authOf } from '../../../lib/provider/presets';
import { resumeAfterSettingsChange } from '../../../lib/queue/service';
import { now } from '../../../lib/time';
import type { HandlerGroup } from '../router';

export const connectionHandlers: HandlerGroup<'connection.test'> = {
  'connection.test': async (req) => {
    const settings = await loadSettings();
    const baseUrl = req.baseUrl?.trim() || settings.baseUrl;
    // Only the key stored for the origin being tested: another provider's key never goes here.
    const stored = await loadApiKey(baseUrl);
    const provider = req.provider ?? settings.provider;
    const auth = authOf({ provider, authStyle: req.authStyle ?? settings.authStyle });
    const input = {
      // A server that takes no key never gets one, not even the stored key.
      apiKey: auth === 'none' ? null : req.apiKey?.trim() || stored,
      baseUrl,
      model: req.model?.trim() || settings.model,
      auth,
    };
    const result = await testConnection(input);
    // The stored settings work again: lift a key/model pause (not the daily cap) and get going.
    const same =
      (auth === 'none' || input.apiKey === stored) &&
      auth === authOf(settings) &&
      input.baseUrl === settings.baseUrl &&
      input.model === settings.model;
    if (result.ok && same && (await getPause(now()))?.reason !== 'cap') await resumeAfterSettingsChange();
    // The API's message goes to the UI: make sure the key itself never rides along.
    const detail = input.apiKey ? result.detail.split(input.apiKey).join('[key]') : result.detail;
    return { ...result, detail };
  },
};
