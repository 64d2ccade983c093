/**
 * Values the background trusts, in the extension's private database (lib/db/secrets.ts).
 * Builds up to 0.2.x kept them in `storage.local`, which every content script can write: the
 * first read after an update moves what is worth keeping (settings, install mark), drops what
 * is short-lived or cannot be told apart from a plant (a parked answer, the menu draft, the
 * degraded flag), removes them all there, and never reads `storage.local` again.
 */
import { browser } from '#imports';
import { secretsDb } from './secrets';

/** Keys older builds used in storage.local, and what happens to each. */
const LEGACY_MOVED = ['settings', 'install.mark'] as const;
const LEGACY_DROPPED = ['menu.pendingDraft', 'store.degraded'] as const;
/** The key of builds up to 0.1.0; lib/db/key-origin.ts binds it to an origin. */
const LEGACY_KEY = 'secret.apiKey';
const LEGACY_DROPPED_PREFIX = 'extraction.parked:';
const MOVED_MARK = 'moved.fromStorageLocal';

/** Moves once ever: the mark stays, and every later call stops at reading it. */
export async function leaveStorageLocal(): Promise<void> {
  if (await secretsDb.trusted.get(MOVED_MARK)) return;
  const legacy = await browser.storage.local.get(null);
  await secretsDb.transaction('rw', secretsDb.trusted, secretsDb.secrets, async () => {
    if (await secretsDb.trusted.get(MOVED_MARK)) return;
    const key = legacy[LEGACY_KEY];
    if (typeof key === 'string' && key.length > 0 && !(await secretsDb.secrets.get(LEGACY_KEY)))
      await secretsDb.secrets.put({ name: LEGACY_KEY, value: key });
    for (const name of LEGACY_MOVED) {
      const value = legacy[name];
      // Checked where they are read (settings migrate through zod, the mark has a shape).
      if (value !== undefined && !(await secretsDb.trusted.get(name))) await secretsDb.trusted.put({ name, value });
    }
    await secretsDb.trusted.put({ name: MOVED_MARK, value: new Date().toISOString() });
  });
  const ours = Object.keys(legacy).filter(
    (k) =>
      (LEGACY_MOVED as readonly string[]).includes(k) ||
      (LEGACY_DROPPED as readonly string[]).includes(k) ||
      k === LEGACY_KEY ||
      k.startsWith(LEGACY_DROPPED_PREFIX),
  );
  if (ours.length) await browser.storage.local.remove(ours);
}

/** A failed move (storage.local unreadable) is retried on the next read; what is here stays usable. */
function moved(): Promise<void> {
  return leaveStorageLocal().catch(() => {});
}

export async function readTrusted(name: string): Promise<unknown> {
  await moved();
  return (await secretsDb.trusted.get(name))?.value;
}

export async function writeTrusted(name: string, value: unknown): Promise<void> {
  await moved();
  await secretsDb.trusted.put({ name, value });
}

/** The names kept under a prefix (a job's parked answers, say). */
export async function trustedNames(prefix: string): Promise<string[]> {
  return (await secretsDb.trusted.where(':id').startsWith(prefix).primaryKeys()) as string[];
}

export async function removeTrusted(name: string): Promise<void> {
  await moved();
  await secretsDb.trusted.delete(name);
}

/** Reads and removes in one transaction, so two takers never both get it. */
export async function takeTrusted(name: string): Promise<unknown> {
  await moved();
  return secretsDb.transaction('rw', secretsDb.trusted, async () => {
    const row = await secretsDb.trusted.get(name);
    if (row) await secretsDb.trusted.delete(name);
    return row?.value;
  });
}

export interface TrustedRows {
  get(name: string): Promise<unknown>;
  put(name: string, value: unknown): Promise<void>;
  remove(name: string): Promise<void>;
}

/** Several reads and writes as one step: no other write to these values lands in between. */
export async function inTrustedTransaction<T>(work: (rows: TrustedRows) => Promise<T>): Promise<T> {
  await moved();
  const table = secretsDb.trusted;
  return secretsDb.transaction('rw', table, () =>
    work({
      get: async (name) => (await table.get(name))?.value,
      put: async (name, value) => {
        await table.put({ name, value });
      },
      remove: (name) => table.delete(name),
    }),
  );
}
