/**
 * The sync keys. A passphrase the user types on each device goes through PBKDF2-SHA-256
 * (WebCrypto, 600,000 iterations or more, per OWASP's 2023 advice) with a random salt kept on
 * the server, so a second device derives the same bits; HKDF then splits them into an
 * AES-256-GCM key (every document's body) and an HMAC-SHA-256 key (document ids on the server).
 * Both are non-extractable CryptoKeys: they can be stored in IndexedDB and used, never read
 * back. The passphrase itself is never stored.
 */
import * as z from 'zod/mini';
import { fromBase64, toBase64, toHex } from './bytes';

export const MIN_ITERATIONS = 600_000;
/** The most a hostile server can make a device spend on one derivation. */
const MAX_ITERATIONS = 10_000_000;
const SALT_BYTES = 16;

export const KdfParamsSchema = z.object({
  kdf: z.literal('PBKDF2-SHA-256'),
  iterations: z.int().check(z.minimum(MIN_ITERATIONS), z.maximum(MAX_ITERATIONS)),
  salt: z.string().check(z.minLength(16), z.maxLength(200)),
});
export type KdfParams = z.infer<typeof KdfParamsSchema>;

export interface SyncKeys {
  enc: CryptoKey;
  mac: CryptoKey;
}

export function newKdfParams(iterations = MIN_ITERATIONS): KdfParams {
  return {
    kdf: 'PBKDF2-SHA-256',
    iterations,
    salt: toBase64(crypto.getRandomValues(new Uint8Array(SALT_BYTES))),
  };
}

const text = new TextEncoder();

export async function deriveKeys(passphrase: string, params: KdfParams): Promise<SyncKeys> {
  const material = await crypto.subtle.importKey('raw', text.encode(passphrase.normalize('NFC')), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(params.salt), iterations: params.iterations },
    material,
    256,
  );
  const root = await crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
  const hkdf = (info: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: text.encode(info) });
  const enc = await crypto.subtle.deriveKey(
    hkdf('claude-mem sync enc'),
    root,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const mac = await crypto.subtle.deriveKey(
    hkdf('claude-mem sync id'),
    root,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
  return { enc, mac };
}

/** A record's id on the server: a keyed hash, so the server learns no id. */
export async function serverId(keys: SyncKeys, recordId: string): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', keys.mac, text.encode(recordId));
  return `s${toHex(new Uint8Array(sig)).slice(0, 40)}`;
}

export interface Sealed {
  iv: string;
  ct: string;
}

/** AES-256-GCM with a fresh 96-bit IV; `aad` binds the body to its server id (no swapping). */
export async function seal(keys: SyncKeys, plain: string, aad: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: text.encode(aad) },
    keys.enc,
    text.encode(plain),
  );
  return { iv: toBase64(iv), ct: toBase64(new Uint8Array(ct)) };
}

/** The plaintext, or null when the body was not sealed with this key for this id (tampered, foreign, moved). */
export async function open(keys: SyncKeys, sealed: Sealed, aad: string): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: text.encode(aad) },
      keys.enc,
      fromBase64(sealed.ct),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}
