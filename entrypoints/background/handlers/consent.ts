/** The notice before calls to a provider outside this computer: read, accept per origin (side panel only). */

import { acceptConsent, readConsent, readConsents, withdrawConsent } from '../../../lib/db/consent';
import { getPause } from '../../../lib/db/queue-state';
import { loadSettings } from '../../../lib/db/settings-store';
import { MessageError } from '../../../lib/protocol/define';
import { isAllowedBaseUrl } from '../../../lib/provider/base-url';
import { consentOrigin, needsConsent } from '../../../lib/provider/consent-rule';
import type { ConsentState } from '../../../lib/provider/consent-state';
import { resumeAfterSettingsChange } from '../../../lib/queue/service';
import { now } from '../../../lib/time';
import type { HandlerGroup } from '../router';

async function state(): Promise<ConsentState> {
  return { accepted: await readConsents() };
}

export const consentHandlers: HandlerGroup<'consent.get' | 'consent.accept' | 'consent.withdraw'> = {
  'consent.get': state,
  'consent.accept': async ({ baseUrl }) => {
    const url = baseUrl.trim();
    if (!isAllowedBaseUrl(url) || !needsConsent(url))
      throw new MessageError('bad_request', 'Not an address outside this computer that a model can be called at.');
    if (!(await readConsent(url))) {
      await acceptConsent(url, now());
      // A queue that stopped for want of this answer goes on at once (a cap pause stays), if
      // the answer is for the endpoint it calls.
      const settings = await loadSettings();
      const current = consentOrigin(settings.baseUrl) === consentOrigin(url);
      if (current && (await getPause(now()))?.reason === 'config') await resumeAfterSettingsChange();
    }
    return state();
  },
  'consent.withdraw': async ({ origin }) => {
    await withdrawConsent(origin);
    return state();
  },
};
