/**
 * The API key's home: a small database of the extension's own origin. Content scripts can read
 * `storage.local` (Firefox offers no way to stop that, and Chrome only for `storage.session`,
 * which is lost at every browser restart), but IndexedDB is per origin: a content script
 * opening it gets the chat site's database, never this one. Background only.
 */
import { Dexie, type EntityTable } from 'dexie';

const SECRETS_DB_NAME = 'claude-mem-secrets';

interface SecretRow {
  name: string;
  value: string;
}

class SecretsDB extends Dexie {
  secrets!: EntityTable<SecretRow, 'name'>;

  constructor() {
    super(SECRETS_DB_NAME);
    // v1: 0.2.0, the key moved here from storage.local.
    this.version(1).stores({ secrets: 'name' });
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
