/** The disclosure before the first call to a cloud provider: read it, accept it (side panel only). */

import { acceptConsent, readConsent } from '../../../lib/db/consent';
import { getPause } from '../../../lib/db/queue-state';
import type { ConsentState } from '../../../lib/provider/consent-state';
import { resumeAfterSettingsChange } from '../../../lib/queue/service';
import { now } from '../../../lib/time';
import type { HandlerGroup } from '../router';

async function state(): Promise<ConsentState> {
  const consent = await readConsent();
  return { accepted: consent !== null, acceptedAt: consent?.acceptedAt ?? null };
}

export const consentHandlers: HandlerGroup<'consent.get' | 'consent.accept'> = {
  'consent.get': state,
  'consent.accept': async () => {
    if (!(await readConsent())) {
      await acceptConsent(now());
      // A queue that stopped for want of this answer goes on at once (a cap pause stays).
      if ((await getPause(now()))?.reason === 'config') await resumeAfterSettingsChange();
    }
    return state();
  },
};
