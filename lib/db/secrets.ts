/**
 * The extension's private database: the API keys, and every value the background trusts
 * (settings, the install mark, parked extraction answers, the "Remember this" draft). Content
 * scripts can read and write `storage.local` (Firefox offers no way to stop that, and Chrome
 * only for `storage.session`, which is lost at every browser restart), but IndexedDB is per
 * origin: a content script opening it gets the chat site's database, never this one.
 * Background only. It is apart from the memory store, so a damaged or rebuilt memory store
 * leaves the settings and the key alone.
 */
import { Dexie, type EntityTable } from 'dexie';

const SECRETS_DB_NAME = 'claude-mem-secrets';

interface SecretRow {
  name: string;
  value: string;
}

export interface TrustedRow {
  name: string;
  value: unknown;
}

export const SECRETS_SCHEMA_V1 = { secrets: 'name' } as const;

export class SecretsDB extends Dexie {
  secrets!: EntityTable<SecretRow, 'name'>;
  trusted!: EntityTable<TrustedRow, 'name'>;

  constructor(name = SECRETS_DB_NAME) {
    super(name);
    // v1: 0.2.0, the key moved here from storage.local.
    this.version(1).stores(SECRETS_SCHEMA_V1);
    // v2: 0.3.0, settings, install mark, parked answers and the menu draft moved here from
    // storage.local, where any content script could plant them (lib/db/trusted.ts moves them).
    this.version(2).stores({ ...SECRETS_SCHEMA_V1, trusted: 'name' });
  }
}

export const secretsDb = new SecretsDB();

export async function readSecret(name: string): Promise<string | null> {
  return (await secretsDb.secrets.get(name))?.value ?? null;
}

export async function writeSecret(name: string, value: string | null): Promise<void> {
  if (value === null) await secretsDb.secrets.delete(name);
  else await secretsDb.secrets.put({ name, value });
}

/** Every stored secret's name and value (keys per origin; background only). */
export function listSecrets(): Promise<SecretRow[]> {
  return secretsDb.secrets.toArray();
}
