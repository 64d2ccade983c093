/** Settings' "Test connection": the saved key unless the user is trying a new one. */
import { testConnection } from '../../../lib/anthropic-connection';
import { loadApiKey, loadSettings } from '../../../lib/settings';
import type { HandlerGroup } from '../router';

export const connectionHandlers: HandlerGroup<'connection.test'> = {
  'connection.test': async (req) => {
    const settings = await loadSettings();
    const apiKey = req.apiKey?.trim() || (await loadApiKey());
    const result = await testConnection({
      apiKey,
      baseUrl: req.baseUrl?.trim() || settings.baseUrl,
      model: req.model?.trim() || settings.model,
    });
    // The API's message goes to the UI: make sure the key itself never rides along.
    const detail = apiKey ? result.detail.split(apiKey).join('[key]') : result.detail;
    return { ...result, detail };
  },
};
