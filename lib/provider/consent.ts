/**
 * The one-time disclosure before anything goes to a model provider outside this computer (the
 * Chrome Web Store's "prominent disclosure and consent"; PRIVACY.md says the same at length).
 * The answer lives in the private database (lib/db/trusted.ts), never `storage.local`, which
 * every content script can write: a chat page must not be able to accept for the user.
 * A server on this computer (Ollama, llama.cpp, any loopback address) needs no disclosure:
 * nothing leaves the machine.
 */
import * as z from 'zod/mini';
import { readTrusted, writeTrusted } from '../db/trusted';
import { needsConsent } from './consent-rule';

const CONSENT = 'consent.cloudProvider';
/** Raise when the disclosure starts to cover something new, so it is shown and accepted again. */
const DISCLOSURE_VERSION = 1;

export const ConsentSchema = z.object({ version: z.int(), acceptedAt: z.string() });
export type Consent = z.infer<typeof ConsentSchema>;

/** The accepted disclosure, or null when none (or an older wording) was accepted. */
export async function readConsent(): Promise<Consent | null> {
  const parsed = ConsentSchema.safeParse(await readTrusted(CONSENT));
  return parsed.success && parsed.data.version >= DISCLOSURE_VERSION ? parsed.data : null;
}

export async function acceptConsent(at: string): Promise<Consent> {
  const consent = { version: DISCLOSURE_VERSION, acceptedAt: at };
  await writeTrusted(CONSENT, consent);
  return consent;
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
 * The fetch every SDK client uses (client.ts): a request that would leave this computer is
 * refused before it is made until the disclosure is accepted. One gate for every call
 * (extraction, Test connection, tidy-up, keywords, Bring in), including calls added later.
 */
export function consentGuardedFetch(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (needsConsent(urlOf(input)) && !(await readConsent())) throw new ConsentMissingError();
    return (inner ?? globalThis.fetch)(input, init);
  };
}
