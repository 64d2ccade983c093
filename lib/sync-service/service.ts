/**
 * Sync in the background: one round at a time, run after local changes (debounced), on an
 * alarm and on "Sync now"; a failed round is retried with backoff and its staged changes wait
 * in the mirror. A round compares only the memories the change log names (changes-here.ts);
 * the whole store every hour, and on a worker's first round when the worker before it may have
 * left changes uncompared (the mark below). A round asked for by a change here
 * that finds nothing to send ends without contacting the server. The first sync of a set-up
 * runs as tracked work (the shared work bar, with Cancel). Nothing here runs while sync is off:
 * the worker pays one settings read at start.
 */
import type { ObservabilitySet } from 'dexie';
import * as z from 'zod/mini';
import { browser } from '#imports';
import { DB_NAME, db } from '../db/db';
import { keepHistoryIndexed } from '../db/history-upkeep';
import { loadSettings, saveSettings } from '../db/settings-store';
import { productChatOps } from '../db/sync-chat-ops';
import { syncStore } from '../db/sync-local';
import { readTrusted, writeTrusted } from '../db/trusted';
import { browserPouch } from '../sync/browser-pouch';
import { quickHash } from '../sync/bytes';
import { ChangeLog, compareTerms } from '../sync/changes-here';
import { deviceKey } from '../sync/codec';
import { mergeDevices } from '../sync/devices-seen';
import { describeError } from '../sync/errors';
import type { Db } from '../sync/pouch-types';
import { DEFAULT_TRAVEL, type SyncStatus } from '../sync/schemas';
import { runWork } from '../work/tracker';
import type { LocalPort } from './local-port';
import { syncRound, syncRoundIfSending } from './round';
import { readConfig, readKeys, readLogin, readState, type SyncConfig, type SyncState, writeState } from './store';

export const SYNC_ALARM = 'sync.round';
const PERIOD_MINUTES = 15;
const DEBOUNCE_MS = 10_000;
const ANNOUNCE_MS = 60 * 60 * 1000;
const MAX_BACKOFF_MINUTES = 30;

const local: LocalPort = { ...syncStore(db, productChatOps), loadSettings, saveSettings };
const own = new Set<string>();
const changesHere = new ChangeLog(DB_NAME);
let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;
let queuedPulls = false;
let debounce: ReturnType<typeof setTimeout> | null = null;
/** Whether the debounced round must talk to the server even with nothing to send. */
let debouncePulls = false;

/**
 * In the private database: `true` while a worker holds changes not yet compared; after a round
 * that left none, what that round sent under (`terms`: the travel switches, the schema, the
 * fields compared). A worker that finds the latter, with the same terms, need not compare the
 * whole store at start. Read once per worker, before it first writes it.
 */
const PENDING = 'sync.pending';
const ComparedMark = z.object({ terms: z.string() });
let startMark: Promise<unknown> | null = null;
let markedPending = false;

const readStartMark = () => {
  startMark ??= readTrusted(PENDING).catch(() => undefined);
  return startMark;
};

/** Changes wait to be compared (called for a store change while sync is on). */
export function markPending(): void {
  if (markedPending) return;
  markedPending = true;
  void readStartMark()
    .then(() => writeTrusted(PENDING, true))
    .catch(() => {
      markedPending = false;
    });
}

/** After a round: with nothing left to compare, the next worker may trust its start. */
async function markCompared(terms: string): Promise<void> {
  markedPending = false;
  if (changesHere.pending) markPending();
  else await writeTrusted(PENDING, { terms }).catch(() => {});
}

/**
 * A change event from the store; true when it touched memories or chats (a round is due: the
 * caller then marks changes waiting and asks for one, when sync is on).
 */
export const noteStoreChange = (parts: ObservabilitySet): boolean => changesHere.note(parts);

const mirrorName = (url: string) => `claude-mem-sync-${quickHash(url)}`;

export function openMirror(config: SyncConfig): Db {
  return browserPouch().mirror(mirrorName(config.url));
}

async function oneRound(pull: boolean): Promise<void> {
  const [config, keys, login, state] = await Promise.all([readConfig(), readKeys(), readLogin(), readState()]);
  if (!config || !keys) return;
  const waiting = new Set(state.waiting);
  const first = state.lastSync === null;
  const announce = !state.lastAnnounce || Date.now() - Date.parse(state.lastAnnounce) > ANNOUNCE_MS;
  // The hourly round compares everything: whatever a change event failed to name goes then.
  if (first || announce) changesHere.markWhole();
  else if (changesHere.startUnknown) {
    const mark = ComparedMark.safeParse(await readStartMark());
    if (mark.success) changesHere.startKnown(mark.data.terms);
  }
  const terms = compareTerms(config.travel, db.verno);
  const input = {
    keys,
    mirror: openMirror(config),
    remote: browserPouch().remote(config.url, login),
    local,
    travel: config.travel,
    device: { id: config.deviceId, name: config.deviceName },
    announce,
    own,
    onStaged: (sids: readonly string[]) => {
      for (const s of sids) waiting.add(s);
    },
  };
  try {
    const sendOnly = !pull && !first && state.waiting.length === 0;
    const out = await changesHere.runRound(terms, (changed, log) =>
      first
        ? runWork('sync', (work) => syncRound({ ...input, changed, log, work, catchUp: true }))
        : sendOnly
          ? syncRoundIfSending({ ...input, changed, log })
          : syncRound({ ...input, changed, log }),
    );
    if (!out) {
      await markCompared(terms);
      return;
    }
    const { devices, backwards } = mergeDevices(state.devices, out.devices);
    devices[deviceKey(config.deviceId)] = { name: config.deviceName, lastSync: out.at };
    const moved = out.up + out.down > 0;
    await writeState({
      ...state,
      lastSync: out.at,
      lastAnnounce: out.announced ? out.at : state.lastAnnounce,
      up: moved ? out.up : state.up,
      down: moved ? out.down : state.down,
      devices,
      quarantined: [...new Set([...state.quarantined, ...out.quarantined.map((q) => q.ref), ...backwards])],
      waiting: [],
      error: null,
      failures: 0,
      editsKept: state.editsKept + out.editsKept,
      twoDeviceTexts: state.twoDeviceTexts + out.twoDeviceTexts,
    });
    // Chats from another device were listed for this device's index as they were written.
    if (out.chatsWritten.length > 0) void keepHistoryIndexed().catch(() => {});
    if (out.chatsPending) {
      changesHere.markWhole();
      syncSoon();
    }
    if (out.arrivedLate > 0) syncSoon(true);
    await markCompared(terms);
  } catch (error) {
    markPending();
    const described = describeError(error);
    // A cancel is the user's word, not a failure: no retry in half a minute, only the usual period.
    if (described.code === 'cancelled') {
      await writeState({ ...state, waiting: [...waiting], error: described });
      await scheduleRounds();
      return;
    }
    const failures = state.failures + 1;
    await writeState({ ...state, waiting: [...waiting], error: described, failures });
    const minutes = Math.min(MAX_BACKOFF_MINUTES, 0.5 * 2 ** (failures - 1));
    await browser.alarms.create(SYNC_ALARM, { delayInMinutes: minutes, periodInMinutes: PERIOD_MINUTES });
  }
}

function start(pull: boolean): Promise<void> {
  const round = oneRound(pull).finally(() => {
    running = null;
  });
  running = round;
  return round;
}

/**
 * A round now, or right after the one running: a change made after the running round compared
 * the store then goes at once. Never two rounds at once, never more than one waiting (callers
 * meanwhile share it; it pulls when any of them asked to).
 */
function next(pull: boolean): Promise<void> {
  if (!running) return start(pull);
  queuedPulls ||= pull;
  queued ??= running
    .catch(() => {})
    .then(() => {
      const withPull = queuedPulls;
      queued = null;
      queuedPulls = false;
      return start(withPull);
    });
  return queued;
}

/** "Sync now", the alarm: a round that pulls and pushes. */
export const syncNow = (): Promise<void> => next(true);

/**
 * A change here (or the worker starting, `pull`): a round about ten seconds after the last one
 * in a row. Without `pull`, it talks to the server only when it has something to send.
 */
export function syncSoon(pull = false): void {
  if (debounce) clearTimeout(debounce);
  debouncePulls ||= pull;
  debounce = setTimeout(() => {
    debounce = null;
    const withPull = debouncePulls;
    debouncePulls = false;
    void next(withPull).catch(() => {});
  }, DEBOUNCE_MS);
}

export async function scheduleRounds(): Promise<void> {
  await browser.alarms.create(SYNC_ALARM, { delayInMinutes: PERIOD_MINUTES, periodInMinutes: PERIOD_MINUTES });
}

export function statusOf(config: SyncConfig | null, state: SyncState): SyncStatus {
  const here = config ? deviceKey(config.deviceId) : null;
  return {
    enabled: config !== null,
    url: config?.url ?? null,
    database: config?.database ?? null,
    deviceName: config?.deviceName ?? null,
    travel: config?.travel ?? DEFAULT_TRAVEL,
    running: running !== null,
    lastSync: state.lastSync,
    up: state.up,
    down: state.down,
    devices: Object.entries(state.devices)
      .map(([id, d]) => ({ name: d.name, lastSync: d.lastSync, here: id === here }))
      .sort((a, b) => b.lastSync.localeCompare(a.lastSync)),
    quarantined: state.quarantined.length,
    waiting: state.waiting.length,
    error: state.error,
    editsKept: state.editsKept,
    twoDeviceTexts: state.twoDeviceTexts,
  };
}

export async function syncStatus(): Promise<SyncStatus> {
  const [config, state] = await Promise.all([readConfig(), readState()]);
  return statusOf(config, state);
}
