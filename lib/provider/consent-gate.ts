/**
 * The gate every SDK client's fetch passes (client.ts): a request that would leave this
 * computer is refused before it is made unless the disclosure was accepted. The gate holds no
 * storage of its own, so the client stays importable outside the extension (the benches); the
 * extension's reader of the accepted disclosure registers itself from consent.ts. Until a
 * reader is registered the gate is closed: forgetting to wire it can only refuse, never send.
 */
import { needsConsent } from './consent-rule';

type ConsentReader = () => Promise<boolean>;

let accepted: ConsentReader = async () => false;

export function setConsentReader(reader: ConsentReader): void {
  accepted = reader;
}

export class ConsentMissingError extends Error {
  constructor() {
    super('Nothing was sent: the notice on what goes to the model provider has not been accepted yet.');
    this.name = 'ConsentMissingError';
  }
}

function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * One gate for every call (extraction, Test connection, tidy-up, keywords, request keywords,
 * Bring in), including calls added later.
 */
export function consentGuardedFetch(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (needsConsent(urlOf(input)) && !(await accepted())) throw new ConsentMissingError();
    return (inner ?? globalThis.fetch)(input, init);
  };
}
