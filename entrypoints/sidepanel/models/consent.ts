/**
 * The notice before calls to a provider outside this computer, one per receiving origin. The
 * background holds the answers and refuses calls to any origin without one; the panel shows
 * the notice for the address in the form and passes on the user's "I agree" for that address.
 */
import { signal } from '@preact/signals';
import { send } from '../../../lib/protocol/panel-send';
import { consentOrigin } from '../../../lib/provider/consent-rule';
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

/** When the notice was accepted for the origin of `baseUrl`, or null. */
export function acceptedFor(state: ConsentState, baseUrl: string): string | null {
  const origin = consentOrigin(baseUrl);
  return state.accepted.find((c) => c.origin === origin)?.acceptedAt ?? null;
}

/** Takes the "I agree" back for one origin; the notice shows again for it. */
export async function withdrawProviderConsent(origin: string): Promise<void> {
  try {
    consent.value = await send('consent.withdraw', { origin });
    consentError.value = null;
  } catch (error) {
    consentError.value = messageOf(error);
  }
}

export async function acceptProviderConsent(baseUrl: string): Promise<void> {
  try {
    consent.value = await send('consent.accept', { baseUrl });
    consentError.value = null;
  } catch (error) {
    consentError.value = messageOf(error);
  }
}
