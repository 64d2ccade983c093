/**
 * Where sync keeps its set-up and state: all in the extension's private database, never in
 * storage.local (content scripts can read that). The keys are non-extractable CryptoKeys
 * (stored as they are: IndexedDB keeps CryptoKeys); the server login is a secret; the
 * passphrase is never stored.
 */
import * as z from 'zod/mini';
import { readSecret, writeSecret } from '../db/secrets';
import { readTrusted, removeTrusted, writeTrusted } from '../db/trusted';
import { IsoDate } from '../memory/types';
import type { SyncKeys } from '../sync/keys';
import type { Login } from '../sync/pouch';
import { SYNC_ERRORS, TravelSchema } from '../sync/schemas';

const CONFIG = 'sync.config';
const STATE = 'sync.state';
const KEYS = 'sync.keys';
const LOGIN = 'sync.login';

export const SyncConfigSchema = z.object({
  url: z.string().check(z.maxLength(500)),
  database: z.string().check(z.maxLength(300)),
  deviceId: z.string().check(z.maxLength(80)),
  deviceName: z.string().check(z.maxLength(80)),
  travel: TravelSchema,
});
export type SyncConfig = z.infer<typeof SyncConfigSchema>;

/** Bounded lists: a hostile server cannot grow the state without end. */
const MAX_REFS = 2000;

export const SyncStateSchema = z.object({
  lastSync: z.nullable(IsoDate),
  lastAnnounce: z.nullable(IsoDate),
  up: z.int(),
  down: z.int(),
  devices: z.record(z.string().check(z.maxLength(80)), z.object({ name: z.string(), lastSync: IsoDate })),
  quarantined: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(MAX_REFS)),
  /** Server ids staged and not yet pushed. */
  waiting: z.array(z.string().check(z.maxLength(100))),
  error: z.nullable(z.object({ code: z.enum(SYNC_ERRORS), detail: z.string().check(z.maxLength(500)) })),
  failures: z.int(),
  editsKept: z.int(),
  twoDeviceTexts: z.int(),
});
export type SyncState = z.infer<typeof SyncStateSchema>;

export const EMPTY_STATE: SyncState = {
  lastSync: null,
  lastAnnounce: null,
  up: 0,
  down: 0,
  devices: {},
  quarantined: [],
  waiting: [],
  error: null,
  failures: 0,
  editsKept: 0,
  twoDeviceTexts: 0,
};

export async function readConfig(): Promise<SyncConfig | null> {
  const parsed = SyncConfigSchema.safeParse(await readTrusted(CONFIG));
  return parsed.success ? parsed.data : null;
}

export const writeConfig = (config: SyncConfig) => writeTrusted(CONFIG, config);

export async function readState(): Promise<SyncState> {
  const parsed = SyncStateSchema.safeParse(await readTrusted(STATE));
  return parsed.success ? parsed.data : EMPTY_STATE;
}

export async function writeState(state: SyncState): Promise<void> {
  await writeTrusted(STATE, { ...state, quarantined: state.quarantined.slice(-MAX_REFS) });
}

export async function readKeys(): Promise<SyncKeys | null> {
  const value = (await readTrusted(KEYS)) as Partial<SyncKeys> | undefined;
  return value?.enc instanceof CryptoKey && value.mac instanceof CryptoKey ? { enc: value.enc, mac: value.mac } : null;
}

export const writeKeys = (keys: SyncKeys) => writeTrusted(KEYS, keys);

const LoginSchema = z.object({ username: z.string(), password: z.string() });

export async function readLogin(): Promise<Login | null> {
  const text = await readSecret(LOGIN);
  if (!text) return null;
  try {
    const parsed = LoginSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const writeLogin = (login: Login | null) => writeSecret(LOGIN, login ? JSON.stringify(login) : null);

/** Turning off: the set-up, keys, login and state go; memories stay. */
export async function forgetSync(): Promise<void> {
  await Promise.all([removeTrusted(CONFIG), removeTrusted(KEYS), removeTrusted(STATE), writeLogin(null)]);
}
