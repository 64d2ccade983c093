/**
 * The one-time disclosure before anything goes to a model provider outside this computer (the
 * Chrome Web Store's "prominent disclosure and consent"; PRIVACY.md says the same at length).
 * The answer lives in the private database (lib/db/trusted.ts), never `storage.local`, which
 * every content script can write: a chat page must not be able to accept for the user.
 * A server on this computer (Ollama, llama.cpp, any loopback address) needs no disclosure:
 * nothing leaves the machine.
 */
import * as z from 'zod/mini';
import { ConsentMissingError, setConsentReader } from '../provider/consent-gate';
import { readTrusted, writeTrusted } from './trusted';

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

// The extension's gate reads the accepted disclosure from the private database.
setConsentReader(async () => (await readConsent()) !== null);

export { ConsentMissingError };
