/**
 * The sync promises a user leans on after set-up, between two Chromium profiles and the
 * loopback CouchDB-compatible server: cancelling the first sync of a large store, the rules
 * switches, turning off, offline in both languages, and removing the data from the server.
 * Device B reaches the server as `localhost`, A as `127.0.0.1`, so the server's log tells
 * their requests apart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../lib/memory/types';
import type { CouchServer } from './harness/couch-server';
import { saveSettings } from './harness/panel';
import type { ChromiumDevice } from './harness/sync-devices';
import {
  current,
  type PanelDriver,
  syncRound,
  syncStatus,
  turnOnThroughPanel,
  untilArrived,
  waitForStatus,
} from './harness/sync-flow';
import { withSyncPair } from './harness/sync-pair';

const LOGIN = { user: 'couch-admin', password: 'loopback pw' };
const PASSPHRASE = 'four calm herons wading';
const DATABASE = 'claude-mem-promises';
const LARGE = 1500;
const FIRST_SYNC = 'First sync with the server';

type Settings = {
  language: string;
  privacyPatterns: { label: string; pattern: string }[];
  review: string;
  sites: Record<string, { learn: boolean; inject: string; budgetTokens: number; review?: string }>;
};

function memoryFile(n: number): string {
  const memories = Array.from({ length: n }, (_, i) => ({
    content: `Large store memory ${i + 1}: shelf ${Math.floor(i / 40)}, box ${i % 40}, label ${(i * 7919) % 100_003}.`,
    type: 'fact',
  }));
  return JSON.stringify({ format: 'claude-mem.memories', version: 1, exportedAt: new Date().toISOString(), memories });
}

type AlarmsApi = { alarms: { get(name: string): Promise<{ scheduledTime: number } | undefined> } };

/** Minutes until the device's next automatic round (its alarm), from its panel page. */
async function nextRoundInMinutes(device: ChromiumDevice): Promise<number> {
  const at = await device.panel.evaluate(
    async () => (await (globalThis as unknown as { chrome: AlarmsApi }).chrome.alarms.get('sync.round'))?.scheduledTime,
  );
  return at === undefined ? Number.POSITIVE_INFINITY : (at - Date.now()) / 60_000;
}

const ids = (list: readonly MemoryRecord[]) => list.map((m) => m.id).sort();
const texts = (list: readonly MemoryRecord[]) => list.filter((m) => m.status !== 'superseded').map((m) => m.content);

describe('sync promises between two Chromium profiles', () => {
  let server: CouchServer;
  let a: ChromiumDevice;
  let b: ChromiumDevice;
  let A: PanelDriver;
  let B: PanelDriver;
  let hostB: string;

  const setUp = (panel: PanelDriver, deviceName: string, host: string) =>
    turnOnThroughPanel(panel, {
      address: `http://${host}/${DATABASE}`,
      user: LOGIN.user,
      password: LOGIN.password,
      passphrase: PASSPHRASE,
      deviceName,
    });

  /** Whether the database exists on the server, asked as a client would (with the login). */
  async function databaseStatus(): Promise<number> {
    const auth = Buffer.from(`${LOGIN.user}:${LOGIN.password}`).toString('base64');
    const res = await fetch(`${server.url}/${DATABASE}`, { headers: { authorization: `Basic ${auth}` } });
    return res.status;
  }

  const fromB = (since: number) => server.requests.slice(since).filter((r) => r.host === hostB);

  const pair = withSyncPair(LOGIN);
  beforeAll(() => {
    ({ server, a, b, A, B } = pair);
    hostB = `localhost:${server.port}`;
  });

  it(`cancelling the first sync of ${LARGE} memories loses nothing; Sync now finishes it, nothing doubled`, async () => {
    const report = await A.ask<{ added: number }>('transfer.import', { text: memoryFile(LARGE) });
    expect(report.added).toBe(LARGE);
    const before = await A.memories();
    expect(before).toHaveLength(LARGE);

    // A's first sync is held while it pushes, and cancelled from the work bar there.
    const push = server.holdOn((r) => r.method === 'POST' && r.url.startsWith(`/${DATABASE}/_bulk_docs`));
    await setUp(A, 'Laptop', `127.0.0.1:${server.port}`);
    await push.arrived;
    await a.panel.getByRole('progressbar', { name: FIRST_SYNC }).waitFor();
    await a.panel.getByRole('button', { name: `Cancel: ${FIRST_SYNC}` }).click();
    push.release();
    const cancelled = await waitForStatus(A, (s) => !s.running, 120_000);
    expect(cancelled.error?.code).toBe('cancelled');
    expect(cancelled.lastSync).toBeNull();
    await a.panel
      .getByRole('alert')
      .filter({ hasText: 'The first sync was cancelled; nothing was lost. Sync now to go on.' })
      .waitFor();
    expect(ids(await A.memories())).toEqual(ids(before));
    // A cancel is the user's word: no retry half a minute later, only the usual period.
    expect(await nextRoundInMinutes(a)).toBeGreaterThan(10);

    await A.click('Sync now');
    await waitForStatus(A, (s) => !s.running && s.lastSync !== null && s.error === null && s.waiting === 0, 120_000);

    // B's first sync is held while it reads, after some documents came, and cancelled there.
    let reads = 0;
    const pull = server.holdOn(
      (r) => r.host === hostB && r.method === 'POST' && /\/_bulk_get/.test(r.url) && ++reads > 1,
    );
    await setUp(B, 'Desktop', hostB);
    await pull.arrived;
    await b.panel.getByRole('button', { name: `Cancel: ${FIRST_SYNC}` }).click();
    pull.release();
    const bCancelled = await waitForStatus(B, (s) => !s.running, 120_000);
    expect(bCancelled.error?.code).toBe('cancelled');

    await B.click('Sync now');
    await waitForStatus(B, (s) => !s.running && s.lastSync !== null && s.error === null, 120_000);
    await syncRound(A);
    const [onA, onB] = [await A.memories(), await B.memories()];
    expect(onB).toHaveLength(LARGE);
    expect(ids(onB)).toEqual(ids(before));
    expect(ids(onA)).toEqual(ids(before));
    for (const list of [onA, onB]) expect(new Set(texts(list)).size).toBe(LARGE);
  }, 600_000);

  it('a rules switch turned off on one device keeps that rule there; the other rules travel', async () => {
    await A.openSettings();
    await a.panel.getByRole('checkbox', { name: 'Per-site budgets' }).uncheck();
    await saveSettings(a.panel);
    await waitForStatus(A, (s) => !s.travel.budgets && s.travel.siteModes && s.travel.privacy && s.travel.review);

    const { settings } = await A.ask<{ settings: Settings }>('settings.get');
    const budgetOnB = (await B.ask<{ settings: Settings }>('settings.get')).settings.sites.claude!.budgetTokens;
    settings.sites.claude!.inject = 'manual';
    settings.sites.claude!.budgetTokens = budgetOnB === 3210 ? 3220 : 3210;
    settings.privacyPatterns = [...settings.privacyPatterns, { label: 'Locker', pattern: 'locker-\\d{4}' }];
    settings.review = settings.review === 'ask-first' ? 'use-at-once' : 'ask-first';
    await A.ask('settings.set', { settings });

    let onB: Settings | undefined;
    await expect
      .poll(
        async () => {
          await syncRound(A);
          await syncRound(B);
          onB = (await B.ask<{ settings: Settings }>('settings.get')).settings;
          return (
            onB.sites.claude!.inject === 'manual' &&
            onB.review === settings.review &&
            onB.privacyPatterns.some((p) => p.pattern === 'locker-\\d{4}')
          );
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(true);
    // The budget was staged with the others or not at all: the others arrived, so it stayed here.
    expect(onB!.sites.claude!.budgetTokens).toBe(budgetOnB);
    expect((await A.ask<{ settings: Settings }>('settings.get')).settings.sites.claude!.budgetTokens).toBe(
      settings.sites.claude!.budgetTokens,
    );
  }, 600_000);

  it('turning off stops syncing and keeps everything here: no request after, a change after is not sent', async () => {
    const onBBefore = await B.memories();
    await B.openSettings();
    await B.click('Turn off');
    const off = await waitForStatus(B, (s) => !s.enabled);
    expect(off.error).toBeNull();
    await b.panel.getByRole('status', { name: 'Sync state' }).filter({ hasText: 'Sync is off.' }).waitFor();
    expect(ids(await B.memories())).toEqual(ids(onBBefore));

    const mark = server.requests.length;
    const later = 'Written on the desktop after sync was turned off: the gate code is 7-7-3.';
    await B.ask('memories.add', { content: later, type: 'fact' });
    await B.ask('sync.now');
    const fromA = 'Written on the laptop while the desktop is off: the plant needs water on Sundays.';
    await A.ask('memories.add', { content: fromA, type: 'fact' });
    await syncRound(A);
    // A timer of the background (a change is sent ten seconds after the last one) must not
    // fire either: watch B's traffic past that delay. No condition can stand for a timer
    // that should not exist, so this one check waits a fixed span.
    const quietUntil = Date.now() + 12_000;
    await expect.poll(() => fromB(mark).length > 0 || Date.now() > quietUntil, { timeout: 20_000 }).toBe(true);
    expect(fromB(mark).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(current(await B.memories(), fromA)).toHaveLength(0);
    await syncRound(A);
    expect(current(await A.memories(), later)).toHaveLength(0);

    // Turned on again, B joins the database as a new device: both changes meet, once each.
    await setUp(B, 'Desktop', hostB);
    await waitForStatus(B, (s) => s.enabled && s.lastSync !== null && s.error === null, 120_000);
    const finalA = await untilArrived(B, A, (list) => current(list, later).length === 1);
    const finalB = await untilArrived(A, B, (list) => current(list, fromA).length === 1);
    expect(ids(finalA)).toEqual(ids(finalB));
    expect(current(finalB, later)).toHaveLength(1);
  }, 600_000);

  it('offline: a change waits, the panel says how many in English and Chinese, and arrives once', async () => {
    await server.stop();
    const text = 'Written while the server was stopped: the spare tyre is in the cellar.';
    await A.ask('memories.add', { content: text, type: 'fact' });
    await A.ask('sync.now').catch(() => undefined);
    const down = await waitForStatus(A, (s) => !s.running && s.error?.code === 'offline' && s.waiting > 0);
    const n = down.waiting;
    await A.openSettings();
    const state = a.panel.getByRole('status', { name: /Sync state|同步状态/ });
    await state.filter({ hasText: `Offline — ${n} change${n === 1 ? '' : 's'} waiting` }).waitFor();

    const { settings } = await A.ask<{ settings: Settings }>('settings.get');
    await A.ask('settings.set', { settings: { ...settings, language: 'zh' } });
    await state.filter({ hasText: `离线 — ${n} 项更改待同步` }).waitFor();
    await a.panel.getByRole('alert').filter({ hasText: '无法连接服务器。稍后会自动重试。' }).waitFor();
    await A.ask('settings.set', { settings: { ...settings, language: 'en' } });

    await server.restart();
    const onB = await untilArrived(A, B, (list) => current(list, text).length >= 1);
    expect(current(onB, text)).toHaveLength(1);
    expect(current(await A.memories(), text)).toHaveLength(1);
    await waitForStatus(A, (s) => s.error === null && s.waiting === 0);
  }, 600_000);

  it('removing the data from the server: confirmed by name, this device keeps all, the other never re-creates it', async () => {
    const keptA = ids(await A.memories());
    const keptB = ids(await B.memories());
    await A.openSettings();
    const dialog = a.panel.getByRole('alertdialog', { name: 'Remove my data from the server' });

    await A.click('Remove my data from the server');
    await dialog.filter({ hasText: `Delete the database “${DATABASE}” from the server?` }).waitFor();
    const mark = server.requests.length;
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(server.requests.slice(mark).filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(await databaseStatus()).toBe(200);
    expect((await syncStatus(A)).enabled).toBe(true);

    await A.click('Remove my data from the server');
    await dialog.getByRole('button', { name: 'Delete it from the server' }).click();
    await waitForStatus(A, (s) => !s.enabled);
    expect(await databaseStatus()).toBe(404);
    expect(ids(await A.memories())).toEqual(keptA);
    const deleted = server.requests.length;

    // B tries, on Sync now and on a change of its own; it says so and never makes the database.
    await B.ask('memories.add', { content: 'Written on the desktop after the server copy was removed.', type: 'fact' });
    await B.openSettings();
    await B.click('Sync now');
    const s = await waitForStatus(B, (st) => !st.running && st.error !== null);
    expect(s.error?.code).toBe('no-database');
    await b.panel
      .getByRole('alert')
      .filter({ hasText: `The server has no database “${DATABASE}”` })
      .waitFor();
    await syncRound(B);
    expect(fromB(deleted).length).toBeGreaterThan(0);
    const created = server.requests
      .slice(deleted)
      .filter((r) => r.method === 'PUT' && new RegExp(`^/${DATABASE}/?(\\?|$)`).test(r.url));
    expect(created).toEqual([]);
    expect(await databaseStatus()).toBe(404);
    expect(server.databases()).not.toContain(DATABASE);
    expect(ids(await B.memories())).toEqual(expect.arrayContaining(keptB));
  }, 600_000);
});
