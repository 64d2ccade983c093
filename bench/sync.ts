/**
 * `npm run bench:sync [-- --memories 10000 --changes 20 --json OUT]`: sync at scale, in Node,
 * through the loopback CouchDB-compatible server of the e2e harness (express-pouchdb, in
 * memory) over real HTTP, the server in a process of its own as a real one would be. Device A holds N memories and pushes them; device B, empty, derives
 * its key and takes its first sync; then one change at a time goes A → B, each timed from the
 * start of A's round to the end of B's. Also: what the server stores against the plaintext,
 * and the heap after idle rounds. Every time is also given as the CPU time of the devices'
 * process (both devices), which a busy machine inflates far less than wall time. Each device's
 * store is Dexie on fake-indexeddb, its mirror PouchDB's memory adapter (the extension uses the
 * IndexedDB adapter); rounds compare what the change log names, as the worker's do.
 * Prints figures, asserts nothing. Synthetic memories, generated here.
 */
import 'fake-indexeddb/auto';
import { availableParallelism, loadavg } from 'node:os';
import { Dexie } from 'dexie';
import memoryAdapter from 'pouchdb-adapter-memory/lib/index.es.js';
import { MemDB } from '../lib/db/db';
import { syncStore } from '../lib/db/sync-local';
import { createMemory } from '../lib/memory/factory';
import type { MemoryRecord } from '../lib/memory/types';
import { defaultSettings, type Settings } from '../lib/settings/schema';
import { ChangeLog, compareTerms } from '../lib/sync/changes-here';
import type { SyncKeys } from '../lib/sync/keys';
import { createParams, unlockParams } from '../lib/sync/params';
import { makePouch } from '../lib/sync/pouch';
import type { Db } from '../lib/sync/pouch-types';
import { project } from '../lib/sync/project';
import { syncRound } from '../lib/sync-service/round';
import type { WorkHandle } from '../lib/work/tracker';
import { table, writeJson } from './lib/cli';
import { startCouchProcess } from './lib/couch-process';
import { percentile } from './lib/metrics';

const PASSPHRASE = 'bench passphrase for sync';
const TRAVEL = { siteModes: true, budgets: true, privacy: true, review: true, chats: false };
const TYPES = ['preference', 'fact', 'task', 'conclusion'] as const;
const WORDS =
  'coffee tea rust python chengdu beijing running piano garden cycling tokyo novel budget sister meeting'.split(' ');

function parse(argv: readonly string[]) {
  const opts = { memories: 10_000, changes: 20, json: null as string | null };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    if (flag === '--memories') opts.memories = Number(value);
    else if (flag === '--changes') opts.changes = Number(value);
    else if (flag === '--json') opts.json = value;
    else throw new Error(`unknown option ${flag}`);
  }
  return opts;
}

function syntheticMemory(i: number): MemoryRecord {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  const content = `Memory ${i}: likes ${w(1)} and ${w(2)}, mentioned ${w(3)} near ${w(4)} (${i % 97} times)`;
  return {
    ...createMemory({ content, type: TYPES[i % 4] as MemoryRecord['type'], importance: 1 + (i % 5) }),
    pinned: i % 50 === 0,
  };
}

const pouch = makePouch(memoryAdapter, 'memory');

class BenchDevice {
  readonly db: MemDB;
  readonly mirror: Db;
  readonly own = new Set<string>();
  /** As the worker keeps it: the first round compares the whole store, later ones what changed. */
  readonly changes: ChangeLog;
  private synced = false;
  settings: Settings = defaultSettings();
  constructor(
    readonly name: string,
    readonly keys: SyncKeys,
    readonly remote: Db,
  ) {
    this.db = new MemDB(`bench-sync-${name}`);
    this.mirror = pouch.mirror(`bench-mirror-${name}`);
    const log = new ChangeLog(this.db.name);
    this.changes = log;
    Dexie.on('storagemutated', (parts) => void log.note(parts));
  }
  /** A round as the worker runs it (service.ts): the first one catches up after its push. */
  round(work?: WorkHandle) {
    const catchUp = !this.synced;
    this.synced = true;
    return this.changes.runRound(compareTerms(TRAVEL, this.db.verno), (changed, log) =>
      syncRound({
        ...(work ? { work } : {}),
        changed,
        log,
        catchUp,
        keys: this.keys,
        mirror: this.mirror,
        remote: this.remote,
        local: {
          ...syncStore(this.db),
          loadSettings: async () => this.settings,
          saveSettings: async (s) => {
            this.settings = s;
          },
        },
        travel: TRAVEL,
        device: { id: this.name, name: this.name },
        announce: false,
        own: this.own,
      }),
    );
  }
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await run();
  return [value, performance.now() - t];
}

/** CPU time of this process (both devices, not the server) since `from`, in ms. */
function cpuMs(from: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
}

/**
 * A work handle that only notes when each phase of a round began (wall and CPU), so the first
 * sync's time can be split: check (stage), read (pull), merge (apply), write (stage + push).
 */
function phaseClock(): { work: WorkHandle; spans: () => string } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const marks: [string, number, number][] = [];
  const work: WorkHandle = {
    signal: new AbortController().signal,
    phase: (p) => {
      marks.push([p, performance.now() - t0, cpuMs(c0)]);
    },
    set: () => {},
    advance: () => {},
    checkpoint: () => {},
    committing: () => {},
  };
  const spans = () => {
    const all = [...marks, ['end', performance.now() - t0, cpuMs(c0)] as [string, number, number]];
    return all
      .slice(0, -1)
      .map(([p, t, c], i) => {
        const [, t2, c2] = all[i + 1] as [string, number, number];
        return `${p} ${((t2 - t) / 1000).toFixed(1)} s (CPU ${((c2 - c) / 1000).toFixed(1)} s)`;
      })
      .join(', ');
  };
  return { work, spans };
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  const server = await startCouchProcess();
  const url = server.dbUrl('claude-mem');
  const [made, deriveMs] = await timed(() => createParams(PASSPHRASE));
  const remoteA = pouch.remote(url, null, true);
  await remoteA.put(made.doc);
  const a = new BenchDevice('a', made.keys, remoteA);
  const memories = Array.from({ length: opts.memories }, (_, i) => syntheticMemory(i));
  await a.db.memories.bulkPut(memories);
  const plainBytes = memories.reduce((n, m) => n + JSON.stringify(project(m)).length, 0);

  const load = loadavg()[0] ?? 0;
  const cpuPush = process.cpuUsage();
  const [pushed, pushMs] = await timed(() => a.round());
  const pushCpu = cpuMs(cpuPush);
  const [keysB, unlockMs] = await timed(async () =>
    unlockParams(PASSPHRASE, await pouch.remote(url, null).get('claude-mem-params')),
  );
  const b = new BenchDevice('b', keysB, pouch.remote(url, null));
  const heapBefore = heapMb();
  const clock = phaseClock();
  const cpuFirst = process.cpuUsage();
  const [pulled, firstMs] = await timed(() => b.round(clock.work));
  const firstCpu = cpuMs(cpuFirst);
  const firstPhases = clock.spans();
  const onB = await b.db.memories.count();
  const oneChange: number[] = [];
  const oneChangeCpu: number[] = [];
  const roundA: number[] = [];
  const roundB: number[] = [];
  for (let i = 0; i < opts.changes; i++) {
    const m = memories[(i * 331) % memories.length] as MemoryRecord;
    const at = new Date(Date.now() + i).toISOString();
    await a.db.memories.update(m.id, { content: `${m.content} (edit ${i})`, updatedAt: at });
    const start = performance.now();
    const cpu = process.cpuUsage();
    await a.round();
    roundA.push(performance.now() - start);
    const mid = performance.now();
    await b.round();
    roundB.push(performance.now() - mid);
    oneChange.push(performance.now() - start);
    oneChangeCpu.push(cpuMs(cpu));
    const arrived = await b.db.memories.get(m.id);
    if (!arrived?.content.endsWith(`(edit ${i})`)) throw new Error(`change ${i} did not arrive`);
  }
  for (let i = 0; i < 5; i++) await b.round();
  const heapAfterWarm = heapMb();
  for (let i = 0; i < 20; i++) await b.round();
  const heapAfterIdle = heapMb();

  const stored = await server.snapshot();
  const serverBytes = stored.bytes;
  const rows = [
    ['key derivation (PBKDF2 600k)', `${deriveMs.toFixed(0)} ms`, ''],
    [
      `first push from A (${opts.memories} memories)`,
      `${(pushMs / 1000).toFixed(1)} s`,
      `CPU ${(pushCpu / 1000).toFixed(1)} s; ${pushed.up} docs up`,
    ],
    ['B unlocks (derive + key check)', `${unlockMs.toFixed(0)} ms`, ''],
    [
      'first sync to empty B',
      `${(firstMs / 1000).toFixed(1)} s`,
      `target ≤ 60 s; CPU ${(firstCpu / 1000).toFixed(1)} s; ${pulled.down} docs down, ${pulled.up} up, ${onB} memories on B`,
    ],
    ['  by phase', '', firstPhases],
    [
      `one change A → B, p95 of ${opts.changes}`,
      `${percentile(oneChange, 95).toFixed(0)} ms`,
      `target ≤ 2000 ms; median ${percentile(oneChange, 50).toFixed(0)} ms; CPU p95 ${percentile(oneChangeCpu, 95).toFixed(0)} ms, median ${percentile(oneChangeCpu, 50).toFixed(0)} ms`,
    ],
    ['  A round (stage + push) p95', `${percentile(roundA, 95).toFixed(0)} ms`, ''],
    ['  B round (pull + apply) p95', `${percentile(roundB, 95).toFixed(0)} ms`, ''],
    [
      'server size / plaintext',
      `${(serverBytes / plainBytes).toFixed(2)}×`,
      `target ≤ 3×; ${(serverBytes / 1e6).toFixed(1)} MB stored (${stored.revisions} revisions) for ${(plainBytes / 1e6).toFixed(1)} MB`,
    ],
    [
      'heap: before first sync → after 5 → after 25 idle rounds',
      `${heapBefore.toFixed(0)} → ${heapAfterWarm.toFixed(0)} → ${heapAfterIdle.toFixed(0)} MB`,
      'both devices share this process',
    ],
    ['server CPU, whole run', `${(stored.cpuMs / 1000).toFixed(1)} s`, 'its own process'],
    [
      'machine',
      `${availableParallelism()} cores`,
      `load average ${load.toFixed(1)} at start: wall times grow with load, CPU times much less`,
    ],
  ];
  console.log(table(['figure', 'value', 'note'], rows));
  if (opts.json)
    writeJson(opts.json, {
      deriveMs,
      pushMs,
      unlockMs,
      firstMs,
      oneChange,
      oneChangeCpu,
      pushCpu,
      firstCpu,
      firstPhases,
      load,
      roundA,
      roundB,
      serverBytes,
      plainBytes,
      heapBefore,
      heapAfterWarm,
      heapAfterIdle,
    });
  await server.close();
}

await main();
