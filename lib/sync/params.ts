/**
 * The one document on the server that is not encrypted: how to derive the key (KDF name,
 * iterations, salt) and a key check, a known text sealed with the key. A second device derives
 * its key from the passphrase and these parameters, and opens the check before it writes
 * anything, so a wrong passphrase stops at a clear error with both sides unchanged.
 */
import * as z from 'zod/mini';
import { deriveKeys, type KdfParams, KdfParamsSchema, newKdfParams, open, type SyncKeys, seal } from './keys';

export const PARAMS_ID = 'claude-mem-params';
const CHECK_TEXT = 'claude-mem sync key check 1';

const SealedSchema = z.object({
  iv: z.string().check(z.maxLength(40)),
  ct: z.string().check(z.maxLength(200)),
});

export const ParamsDocSchema = z.object({
  _id: z.literal(PARAMS_ID),
  v: z.literal(1),
  params: KdfParamsSchema,
  check: SealedSchema,
});
export type ParamsDoc = z.infer<typeof ParamsDocSchema>;

export class WrongPassphrase extends Error {
  override name = 'WrongPassphrase';
}

/** A fresh key and the document to store for it (the first device on an empty database). */
export async function createParams(
  passphrase: string,
  iterations?: number,
): Promise<{ keys: SyncKeys; doc: ParamsDoc }> {
  const params: KdfParams = newKdfParams(iterations);
  const keys = await deriveKeys(passphrase, params);
  return { keys, doc: { _id: PARAMS_ID, v: 1, params, check: await seal(keys, CHECK_TEXT, PARAMS_ID) } };
}

/** The key for a database that already has parameters; WrongPassphrase when the check does not open. */
export async function unlockParams(passphrase: string, raw: unknown): Promise<SyncKeys> {
  const doc = ParamsDocSchema.safeParse(raw);
  if (!doc.success) throw new Error('The server holds no readable claude-mem key parameters.');
  const keys = await deriveKeys(passphrase, doc.data.params);
  if ((await open(keys, doc.data.check, PARAMS_ID)) !== CHECK_TEXT) throw new WrongPassphrase('wrong passphrase');
  return keys;
}
