/**
 * The notice before anything goes to a model provider outside this computer (the Chrome Web
 * Store's "prominent disclosure and consent"; PRIVACY.md says the same at length), given per
 * receiving origin: the notice names who receives, and agreeing for one provider never covers
 * another (a switch to DeepSeek, Qwen or a custom address asks again).
 * The answers live in the private database (lib/db/trusted.ts), never `storage.local`, which
 * every content script can write: a chat page must not be able to accept for the user. They
 * are in no export, backup or sync: consent is given on this device, by this user.
 * A server on this computer (Ollama, llama.cpp, any loopback address) needs no notice:
 * nothing leaves the machine.
 */
import * as z from 'zod/mini';
import { inTrustedTransaction, readTrusted, removeTrusted, trustedNames, writeTrusted } from '../db/trusted';
import { ConsentMissingError, setConsentReader } from '../provider/consent-gate';
import { consentOrigin, needsConsent } from '../provider/consent-rule';
import { SETTINGS_NAME, settingsOf } from './settings-store';

/** One row per origin: `consent.origin:https://api.deepseek.com`. */
const PREFIX = 'consent.origin:';
/** Earlier builds kept one answer for every provider. */
const LEGACY_CONSENT = 'consent.cloudProvider';
/** Raise when the notice starts to cover something new, so it is shown and accepted again. */
const DISCLOSURE_VERSION = 1;

export const ConsentSchema = z.object({ version: z.int(), acceptedAt: z.string() });
export type Consent = z.infer<typeof ConsentSchema>;

async function storedConsent(origin: string): Promise<Consent | null> {
  const parsed = ConsentSchema.safeParse(await readTrusted(PREFIX + origin));
  return parsed.success && parsed.data.version >= DISCLOSURE_VERSION ? parsed.data : null;
}

/**
 * An older build's single answer holds for the endpoint configured when this build first
 * reads it, and for nothing else; then it is gone. Runs before any read and before settings
 * are saved (entrypoints/background/handlers/settings.ts), so a switch made after the update
 * is never covered by the old answer.
 */
export async function settleLegacyConsent(): Promise<void> {
  if ((await readTrusted(LEGACY_CONSENT)) === undefined) return;
  // One step with reading the settings: a save landing in between could otherwise have the
  // old answer cover the endpoint switched to.
  await inTrustedTransaction(async (rows) => {
    const stored = await rows.get(LEGACY_CONSENT);
    if (stored === undefined) return;
    const legacy = ConsentSchema.safeParse(stored);
    const { baseUrl } = settingsOf(await rows.get(SETTINGS_NAME));
    const origin = consentOrigin(baseUrl);
    if (legacy.success && origin && needsConsent(baseUrl) && (await rows.get(PREFIX + origin)) === undefined)
      await rows.put(PREFIX + origin, legacy.data);
    await rows.remove(LEGACY_CONSENT);
  });
}

/** Every origin the current notice was accepted for, with when. */
export async function readConsents(): Promise<{ origin: string; acceptedAt: string }[]> {
  await settleLegacyConsent();
  const out: { origin: string; acceptedAt: string }[] = [];
  for (const name of (await trustedNames(PREFIX)).sort()) {
    const origin = name.slice(PREFIX.length);
    const consent = await storedConsent(origin);
    if (consent) out.push({ origin, acceptedAt: consent.acceptedAt });
  }
  return out;
}

/** The accepted notice for the origin of `url`, or null when none (or an older wording) was. */
export async function readConsent(url: string): Promise<Consent | null> {
  const origin = consentOrigin(url);
  if (!origin) return null;
  await settleLegacyConsent();
  return storedConsent(origin);
}

/** Records the user's "I agree" for the origin of `url` (an address that needs the notice). */
export async function acceptConsent(url: string, at: string): Promise<Consent> {
  const origin = consentOrigin(url);
  if (!origin || !needsConsent(url)) throw new Error('consent: not an address that needs the notice');
  await settleLegacyConsent();
  const consent = { version: DISCLOSURE_VERSION, acceptedAt: at };
  await writeTrusted(PREFIX + origin, consent);
  return consent;
}

/**
 * Takes back the "I agree" for `origin`: from the next call on, nothing goes there until the
 * user agrees again (a call already out is not called back). Any origin string is accepted, so
 * a row an older wording left can be removed too.
 */
export async function withdrawConsent(origin: string): Promise<void> {
  await settleLegacyConsent();
  await removeTrusted(PREFIX + origin);
}

// The extension's gate reads the accepted notices from the private database.
setConsentReader(async (origin) => (await readConsent(origin)) !== null);

export { ConsentMissingError };
