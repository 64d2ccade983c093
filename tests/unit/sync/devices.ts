/**
 * Two (or more) devices in one process for sync tests: each its own memory store (a MemDB of
 * its own on fake-indexeddb), its own settings and its own in-memory mirror; one in-memory
 * database plays the server. The keys are derived once per file (600,000 PBKDF2 rounds).
 */
import { Dexie } from 'dexie';
import memoryAdapter from 'pouchdb-adapter-memory/lib/index.es.js';
import { MemDB } from '../../../lib/db/db';
import type { ChatOps } from '../../../lib/db/sync-chats';
import { syncStore } from '../../../lib/db/sync-local';
import { createMemory, type NewMemoryInput } from '../../../lib/memory/factory';
import type { MemoryRecord } from '../../../lib/memory/types';
import { defaultSettings, type Settings } from '../../../lib/settings/schema';
import { ChangeLog, compareTerms } from '../../../lib/sync/changes-here';
import type { SyncKeys } from '../../../lib/sync/keys';
import { createParams, type ParamsDoc } from '../../../lib/sync/params';
import { makePouch } from '../../../lib/sync/pouch';
import type { Db } from '../../../lib/sync/pouch-types';
import type { Travel } from '../../../lib/sync/schemas';
import type { LocalPort } from '../../../lib/sync-service/local-port';
import { type RoundInput, type RoundOutcome, syncRound } from '../../../lib/sync-service/round';

export const pouch = makePouch(memoryAdapter, 'memory');
const ALL_TRAVEL: Travel = { siteModes: true, budgets: true, privacy: true, review: true, chats: false };
const PASSPHRASE = 'correct horse battery staple';

let shared: Promise<{ keys: SyncKeys; doc: ParamsDoc }> | null = null;
export function sharedKeys(): Promise<{ keys: SyncKeys; doc: ParamsDoc }> {
  shared ??= createParams(PASSPHRASE);
  return shared;
}

let n = 0;

export class Device {
  readonly db: MemDB;
  readonly mirror: Db;
  settings: Settings = defaultSettings();
  readonly own = new Set<string>();
  readonly local: LocalPort;
  clock = 0;
  /** What travels from and to this device (chat history off, as on a new device). */
  travel: Travel = { ...ALL_TRAVEL };
  /** What changed in this device's store since its last round, as the extension's worker keeps it. */
  readonly changes: ChangeLog;

  constructor(
    readonly name: string,
    readonly keys: SyncKeys,
    public remote: Db,
    /** The product's own store (search, "don't remember", deletion run on it as they do in the extension). */
    db?: MemDB,
    ops?: ChatOps,
    /** What one pull may store in the mirror (the extension's default when absent). */
    pullBudget?: number,
  ) {
    n++;
    this.db = db ?? new MemDB(`sync-test-${name}-${n}`);
    const log = new ChangeLog(this.db.name);
    this.changes = log;
    Dexie.on('storagemutated', (parts) => void log.note(parts));
    this.mirror = pouch.mirror(`mirror-${name}-${n}`, pullBudget);
    const store = syncStore(this.db, ops);
    this.local = {
      ...store,
      loadSettings: async () => this.settings,
      saveSettings: async (next) => {
        this.settings = next;
      },
    };
  }

  async add(input: NewMemoryInput & Partial<MemoryRecord>): Promise<MemoryRecord> {
    const m = { ...createMemory(input), ...input, ...(input.id ? { id: input.id } : {}) } as MemoryRecord;
    await this.db.memories.put(m);
    return m;
  }

  async edit(id: string, patch: Partial<MemoryRecord>, at: string): Promise<void> {
    await this.db.memories.update(id, { ...patch, updatedAt: at });
  }

  get(id: string): Promise<MemoryRecord | undefined> {
    return this.db.memories.get(id);
  }

  all(): Promise<MemoryRecord[]> {
    return this.db.memories.toArray();
  }

  /** What the change log names for the next round, taken as the worker takes it (with the travel switches). */
  taken() {
    return this.changes.take(compareTerms(this.travel, this.db.verno));
  }

  /** A round comparing what the change log names (the whole store the first time), as the worker runs it. */
  round(now?: string): Promise<RoundOutcome> {
    return this.changes.runRound(compareTerms(this.travel, this.db.verno), (changed, log) =>
      syncRound({ ...this.roundInput(now), changed, log }),
    );
  }

  roundWith(input: RoundInput): Promise<RoundOutcome> {
    return syncRound(input);
  }

  roundInput(now?: string): RoundInput {
    return {
      keys: this.keys,
      mirror: this.mirror,
      remote: this.remote,
      local: this.local,
      travel: this.travel,
      device: { id: this.name, name: this.name },
      announce: true,
      own: this.own,
      ...(now ? { now: () => now } : {}),
    };
  }
}

export async function twoDevices(): Promise<{ a: Device; b: Device; remote: Db }> {
  const { keys, doc } = await sharedKeys();
  n++;
  const remote = pouch.mirror(`server-${n}`);
  await remote.put(doc);
  return { a: new Device('a', keys, remote), b: new Device('b', keys, remote), remote };
}
