/**
 * The gate every SDK client's fetch passes (client.ts). Two rules, for every model call
 * (extraction, Test connection, tidy-up, keywords, request keywords, Bring in), including calls
 * added later:
 * - a request that would leave this computer is refused before it is made unless the user
 *   accepted the notice for that very origin (consent.ts): agreeing for one provider never
 *   covers another;
 * - no redirect is followed, to another origin or the same one. A redirect would carry the
 *   chat and the key (`x-api-key` survives a cross-origin redirect) to an address the user
 *   never chose and never agreed to; no provider needs one. In a browser `redirect: 'manual'`
 *   hides where a redirect points, so same-origin ones cannot be told apart and are refused too.
 * The gate holds no storage of its own, so the client stays importable outside the extension
 * (the benches); the extension's reader registers itself from consent.ts. Until a reader is
 * registered the gate is closed: forgetting to wire it can only refuse, never send.
 */
import { fetchNoRedirect } from '../no-redirect';
import { consentOrigin, needsConsent, providerHost } from './consent-rule';

/** Whether the notice was accepted for this origin (`https://api.deepseek.com`). */
type ConsentReader = (origin: string) => Promise<boolean>;

let accepted: ConsentReader = async () => false;

export function setConsentReader(reader: ConsentReader): void {
  accepted = reader;
}

export class ConsentMissingError extends Error {
  constructor(host: string) {
    super(`Nothing was sent: the notice on what goes to ${host} has not been accepted yet.`);
    this.name = 'ConsentMissingError';
  }
}

export class RedirectRefusedError extends Error {
  constructor(host: string) {
    super(
      `${host} answered with a redirect to another address. Model calls never follow one, so nothing went there. Check the base URL in Settings.`,
    );
    this.name = 'RedirectRefusedError';
  }
}

function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function consentGuardedFetch(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    if (needsConsent(url)) {
      const origin = consentOrigin(url);
      if (origin === null || !(await accepted(origin))) throw new ConsentMissingError(providerHost(url));
    }
    return fetchNoRedirect(input, init, () => new RedirectRefusedError(providerHost(url)), inner);
  };
}
