/**
 * The disclosure before the first call to a cloud provider. The background holds the answer
 * and refuses cloud calls without it; the panel shows the notice and passes on the user's "I agree".
 */
import { signal } from '@preact/signals';
import { send } from '../../../lib/protocol/panel-send';
import type { ConsentState } from '../../../lib/provider/consent-state';
import { messageOf } from './notice';

export const consent = signal<ConsentState | null>(null);
export const consentError = signal<string | null>(null);

export async function loadConsent(): Promise<void> {
  try {
    consent.value = await send('consent.get', {});
  } catch (error) {
    consentError.value = messageOf(error);
  }
}

export async function acceptProviderConsent(): Promise<void> {
  try {
    consent.value = await send('consent.accept', {});
    consentError.value = null;
  } catch (error) {
    consentError.value = messageOf(error);
  }
}
