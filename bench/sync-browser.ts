/**
 * `npm run bench:sync-browser [-- --memories 10000 --changes 8]`: the first sync and one change
 * in the real thing, after `npx wxt build`: two Chromium profiles with the built extension
 * (IndexedDB for the store and the PouchDB mirror, WebCrypto in the browser) and the e2e
 * harness's loopback CouchDB-compatible server in this process. Device A gets N synthetic
 * memories (tests/e2e/harness/big-store.ts) written into its store, then sync is turned on
 * through its panel; then B's, timed from "Turn on" (key derivation included) until its first
 * sync ends. A change is timed as B's round that brings it (the target: one round, from its
 * start) and from A's "Sync now" to the end of B's (both rounds), then B's round right after its
 * service worker was stopped. Prints figures, asserts nothing. `bench:sync` is the same measure in Node on fake-indexeddb.
 */
import { loadavg } from 'node:os';
import type { MemoryRecord } from '../lib/memory/types';
import type { SyncStatus } from '../lib/sync/schemas';
import { bigStoreFile } from '../tests/e2e/harness/big-store';
import { startCouchServer } from '../tests/e2e/harness/couch-server';
import { getRow, putRows } from '../tests/e2e/harness/seed';
import { launchChromiumPair } from '../tests/e2e/harness/sync-devices';
import { chromiumPanel, type PanelDriver, turnOnThroughPanel } from '../tests/e2e/harness/sync-flow';
import { table } from './lib/cli';
import { percentile } from './lib/metrics';

const LOGIN = { user: 'bench-admin', password: 'loopback pw' };
const PASSPHRASE = 'bench passphrase for sync';
/** A local change asks for a round ten seconds later (service.ts); changes are spaced past it. */
const DEBOUNCE_MS = 10_500;

function parse(argv: readonly string[]) {
  const opts = { memories: 10_000, changes: 8 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    if (flag === '--memories') opts.memories = Number(value);
    else if (flag === '--changes') opts.changes = Number(value);
    else throw new Error(`unknown option ${flag}`);
  }
  return opts;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error('timed out');
    await pause(100);
  }
}

const status = (p: PanelDriver) => within('sync.status', 60_000, p.ask<SyncStatus>('sync.status'));

/** A message's answer, or an error naming it when none comes in time (a hung round says so). */
function within<T>(what: string, ms: number, run: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([run, late]).finally(() => clearTimeout(timer));
}

async function syncNow(p: PanelDriver, name: string): Promise<void> {
  await until(
    () => status(p),
    (s) => !s.running,
    120_000,
  );
  const s = await within(`Sync now on ${name}`, 120_000, p.ask<SyncStatus>('sync.now'));
  if (s.error) throw new Error(`sync failed: ${s.error.code} ${s.error.detail}`);
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  const load = loadavg()[0] ?? 0;
  const server = await startCouchServer({ credentials: LOGIN });
  const [a, b] = await launchChromiumPair();
  try {
    const A = chromiumPanel(a.panel);
    const B = chromiumPanel(b.panel);
    const rows = bigStoreFile(opts.memories).memories.map((m) => ({ ...m, feedback: 0 }));
    for (let i = 0; i < rows.length; i += 2000) await putRows(a.panel, 'memories', rows.slice(i, i + 2000));
    const setUp = (p: PanelDriver, deviceName: string) =>
      turnOnThroughPanel(p, {
        address: server.dbUrl('claude-mem-bench'),
        user: LOGIN.user,
        password: LOGIN.password,
        passphrase: PASSPHRASE,
        deviceName,
      });
    const done = (s: SyncStatus) => s.enabled && s.lastSync !== null && !s.running;
    let t = performance.now();
    await setUp(A, 'A');
    const onA = await until(() => status(A), done, 900_000);
    const pushMs = performance.now() - t;
    console.log(`first sync from A: ${(pushMs / 1000).toFixed(1)} s, ${onA.up} docs up`);
    t = performance.now();
    await setUp(B, 'B');
    const onB = await until(() => status(B), done, 900_000);
    const firstMs = performance.now() - t;
    const countB = (await B.memories()).length;
    console.log(`first sync to B: ${(firstMs / 1000).toFixed(1)} s, ${onB.down} docs down, ${countB} memories`);

    /** Edits a memory on A; `arrived` then checks B holds the new text. */
    const editOnA = async (m: (typeof rows)[number], content: string) => {
      await A.ask('memories.update', { id: m.id, patch: { content } });
      return async (what: string) => {
        const row = await getRow<MemoryRecord>(b.panel, 'memories', m.id);
        if (row?.content !== content) throw new Error(`${what} did not arrive`);
      };
    };
    const oneChange: number[] = [];
    const roundA: number[] = [];
    const roundB: number[] = [];
    for (let i = 0; i < opts.changes; i++) {
      const m = rows[(i * 331) % rows.length] as (typeof rows)[number];
      const arrived = await editOnA(m, `${m.content} (edit ${i})`);
      const start = performance.now();
      await syncNow(A, 'A');
      const mid = performance.now();
      await syncNow(B, 'B');
      const end = performance.now();
      roundA.push(mid - start);
      roundB.push(end - mid);
      oneChange.push(end - start);
      console.log(
        `change ${i}: ${(end - start).toFixed(0)} ms (A's round ${(mid - start).toFixed(0)}, B's ${(end - mid).toFixed(0)})`,
      );
      await arrived(`change ${i}`);
      // Let the rounds the edit asked for run before the next change is timed.
      await pause(DEBOUNCE_MS);
      await until(
        () => Promise.all([status(A), status(B)]),
        ([x, y]) => !x.running && !y.running,
        120_000,
      );
    }
    // The same, with B's service worker stopped first (as Chrome does after 30 s idle): B's
    // round then starts with the worker's wake.
    const afterWake: number[] = [];
    for (let i = 0; i < 3; i++) {
      const m = rows[(i * 577 + 13) % rows.length] as (typeof rows)[number];
      const arrived = await editOnA(m, `${m.content} (after a wake ${i})`);
      await syncNow(A, 'A');
      await b.ext.stopServiceWorker();
      const start = performance.now();
      await syncNow(B, 'B');
      afterWake.push(performance.now() - start);
      console.log(`after a wake ${i}: B's round ${(afterWake.at(-1) ?? 0).toFixed(0)} ms`);
      await arrived(`change after a wake ${i}`);
      await pause(DEBOUNCE_MS);
    }
    const rowsOut = [
      [
        `first sync from A (${opts.memories} memories)`,
        `${(pushMs / 1000).toFixed(1)} s`,
        `from Turn on; ${onA.up} docs up${onA.error ? `; error ${onA.error.code}` : ''}`,
      ],
      [
        'first sync to empty B',
        `${(firstMs / 1000).toFixed(1)} s`,
        `target ≤ 60 s; from Turn on (key derivation included); ${onB.down} docs down, ${countB} memories on B${onB.error ? `; error ${onB.error.code}` : ''}`,
      ],
      [
        `one change: B's round that brings it, p95 of ${opts.changes}`,
        `${percentile(roundB, 95).toFixed(0)} ms`,
        `target ≤ 2000 ms (one round, from its start); median ${percentile(roundB, 50).toFixed(0)} ms; from B's Sync now to its end`,
      ],
      [
        `one change A → B, both rounds, p95 of ${opts.changes}`,
        `${percentile(oneChange, 95).toFixed(0)} ms`,
        `median ${percentile(oneChange, 50).toFixed(0)} ms; from A's Sync now to the end of B's (A's round p95 ${percentile(roundA, 95).toFixed(0)} ms)`,
      ],
      [
        "one change, B's round right after its worker was stopped",
        `${Math.max(...afterWake).toFixed(0)} ms`,
        `the slowest of 3 (${afterWake.map((t) => t.toFixed(0)).join(', ')} ms); from B's Sync now (which wakes the worker) to its end`,
      ],
      ['machine', '', `load average ${load.toFixed(1)} at start (the server runs in this process)`],
    ];
    console.log(table(['figure (Chromium)', 'value', 'note'], rowsOut));
  } finally {
    await a.close();
    await b.close();
    await server.close();
  }
}

await main();
