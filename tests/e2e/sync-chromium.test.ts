/**
 * Sync end to end between two Chromium profiles (two instances of the extension) through a
 * CouchDB-compatible server on loopback that the test starts itself, behind CouchDB's login:
 * set-up through the panel, changes travelling both ways, a conflict kept whole, a server that
 * learns no text and no id, a wrong passphrase, a server killed mid-sync, a proposal accepted
 * on one device, a space with a memory in it, and documents a hostile server slips in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Space } from '../../lib/memory/spaces';
import type { MemoryRecord } from '../../lib/memory/types';
import { MAX_SEALED_CHARS, memoryKey } from '../../lib/sync/codec';
import { type SyncKeys, seal, serverId } from '../../lib/sync/keys';
import { createParams, PARAMS_ID, unlockParams } from '../../lib/sync/params';
import type { CouchServer } from './harness/couch-server';
import { readStore } from './harness/extension-calls';
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
const PASSPHRASE = 'seven tired otters sing';
const DATABASE = 'claude-mem-e2e';

describe('sync between two Chromium profiles', () => {
  let server: CouchServer;
  let a: ChromiumDevice;
  let b: ChromiumDevice;
  let A: PanelDriver;
  let B: PanelDriver;
  /** Every text and record id the test wrote: none may reach the server readable. */
  const secrets = new Set<string>();

  async function add(panel: PanelDriver, content: string): Promise<MemoryRecord> {
    const m = await panel.ask<MemoryRecord>('memories.add', { content, type: 'fact' });
    secrets.add(content);
    secrets.add(m.id);
    return m;
  }

  async function edit(panel: PanelDriver, id: string, patch: Record<string, unknown>): Promise<void> {
    if (typeof patch.content === 'string') secrets.add(patch.content);
    await panel.ask('memories.update', { id, patch });
  }

  const setUp = (panel: PanelDriver, deviceName: string, passphrase = PASSPHRASE) =>
    turnOnThroughPanel(panel, {
      address: `${server.url}/${DATABASE}`,
      user: LOGIN.user,
      password: LOGIN.password,
      passphrase,
      deviceName,
    });

  const pair = withSyncPair(LOGIN);
  beforeAll(() => {
    ({ server, a, b, A, B } = pair);
  });

  it('sets up the first device through the panel', async () => {
    await add(A, 'Keeps bees on the roof of the Zürich flat; two hives, named Ada and Grace.');
    await add(A, '在杭州的公司做数据平台，每周四晚上和同事打羽毛球。');
    await setUp(A, 'Laptop');
    const s = await waitForStatus(A, (st) => st.enabled && st.lastSync !== null);
    expect(s.error).toBeNull();
    expect(s.database).toBe(DATABASE);
    const state = a.panel.getByRole('status', { name: 'Sync state' });
    await state.filter({ hasText: `On: ${DATABASE} on 127.0.0.1` }).waitFor();
    await state.filter({ hasText: 'Laptop' }).waitFor();
    // The login and the passphrase are not shown back once on.
    await expect.poll(() => a.panel.getByLabel('Sync passphrase', { exact: true }).count()).toBe(0);
  });

  it('a wrong passphrase on the second device: a clear error that stays, nothing written on either side', async () => {
    const own = await add(B, 'Only on the desktop: the spare key is under the blue flowerpot.');
    const before = await server.dump();
    const writesBefore = server.requests.filter((r) => r.method !== 'GET').length;
    await setUp(B, 'Desktop', 'not the passphrase at all');
    const alert = b.panel.getByRole('alert').filter({
      hasText: 'Wrong passphrase: it does not open what is on this server. Nothing was changed here or there.',
    });
    // The key derivation (PBKDF2, 600,000 rounds) is slow on a loaded machine.
    await alert.waitFor({ timeout: 90_000 });
    // Still there when the panel is opened again (it reads the state from the background).
    await b.panel.reload();
    await B.openSettings();
    expect(await alert.count()).toBe(1);
    const s = await syncStatus(B);
    expect(s.error?.code).toBe('wrong-passphrase');
    expect(s.enabled).toBe(false);
    expect(server.requests.filter((r) => r.method !== 'GET').length).toBe(writesBefore);
    expect(await server.dump()).toBe(before);
    expect((await B.memories()).map((m) => m.id)).toEqual([own.id]);
  });

  it('sets up the second device with the right passphrase: both memories meet, both devices are seen', async () => {
    await setUp(B, 'Desktop');
    await waitForStatus(B, (st) => st.enabled && st.lastSync !== null && st.error === null);
    const onB = await untilArrived(A, B, (list) => list.filter((m) => m.status === 'active').length === 3);
    expect(current(onB, '在杭州的公司做数据平台，每周四晚上和同事打羽毛球。')).toHaveLength(1);
    const onA = await untilArrived(B, A, (list) => list.filter((m) => m.status === 'active').length === 3);
    expect(current(onA, 'Only on the desktop: the spare key is under the blue flowerpot.')).toHaveLength(1);

    await syncRound(A);
    const seen = await waitForStatus(A, (st) => st.devices.length === 2);
    expect(seen.devices.map((d) => d.name).sort()).toEqual(['Desktop', 'Laptop']);
    await A.openSettings();
    await a.panel
      .getByRole('list', { name: 'Devices seen' })
      .getByRole('listitem')
      .filter({ hasText: 'Desktop' })
      .waitFor();
  });

  it('a memory added, edited, pinned and deleted on one device does the same on the other', async () => {
    const m = await add(A, 'Allergic to penicillin; carries an EpiPen on hikes.');
    await untilArrived(A, B, (list) => current(list, m.content).length === 1);

    await edit(A, m.id, { content: 'Allergic to penicillin and amoxicillin; carries an EpiPen on hikes.' });
    let onB = await untilArrived(A, B, (list) => list.some((x) => x.id === m.id && x.content.includes('amoxicillin')));
    expect(onB.filter((x) => x.id === m.id)).toHaveLength(1);

    await edit(A, m.id, { pinned: true });
    onB = await untilArrived(A, B, (list) => list.some((x) => x.id === m.id && x.pinned));

    await A.ask('memories.delete', { ids: [m.id] });
    onB = await untilArrived(A, B, (list) => !list.some((x) => x.id === m.id));
    expect(onB.some((x) => x.content.includes('EpiPen') && x.status === 'active')).toBe(false);
  });

  it('the same memory edited on both devices while apart keeps both texts', async () => {
    const m = await add(A, 'Prefers trains to planes for trips under six hours.');
    await untilArrived(A, B, (list) => current(list, m.content).length === 1);

    const onA = 'Prefers trains to planes for trips under eight hours.';
    const onB = 'Prefers night trains, and never flies within Europe.';
    await edit(A, m.id, { content: onA });
    await edit(B, m.id, { content: onB });
    await syncRound(A);
    await syncRound(B);
    const has = (list: MemoryRecord[], text: string) => list.some((x) => x.content === text);
    const both = (list: MemoryRecord[]) => has(list, onA) && has(list, onB);
    const finalA = await untilArrived(B, A, both);
    const finalB = await untilArrived(A, B, both);
    for (const list of [finalA, finalB]) {
      const current = list.filter((x) => x.id === m.id);
      expect(current).toHaveLength(1);
      const version = list.find(
        (x) => x.supersededBy === m.id && [onA, onB].includes(x.content) && x.content !== current[0]!.content,
      );
      expect(version).toBeDefined();
    }
    // Both devices settle on the same current text, and the other one waits in review.
    expect(finalA.find((x) => x.id === m.id)?.content).toBe(finalB.find((x) => x.id === m.id)?.content);
    for (const list of [finalA, finalB])
      expect(list.some((x) => x.status === 'proposed' && x.proposal?.reasons.includes('two-devices'))).toBe(true);
    const counted = (await syncStatus(A)).twoDeviceTexts + (await syncStatus(B)).twoDeviceTexts;
    expect(counted).toBeGreaterThan(0);
  });

  it('a proposal stays a proposal on the other device, and accepting it on one accepts it on both', async () => {
    const text = 'Wants answers in British spelling (colour, organise) from now on.';
    const file = {
      format: 'claude-mem.memories',
      version: 1,
      exportedAt: new Date().toISOString(),
      memories: [
        {
          content: text,
          type: 'preference',
          status: 'proposed',
          origin: { kind: 'tool', client: 'Claude Desktop' },
          proposal: { reasons: ['instruction'] },
        },
      ],
    };
    await A.ask('transfer.import', { text: JSON.stringify(file) });
    const proposed = (await A.memories()).find((m) => m.content === text);
    expect(proposed?.status).toBe('proposed');
    secrets.add(text).add(proposed!.id);

    const onB = await untilArrived(A, B, (list) => list.some((m) => m.id === proposed!.id));
    const arrived = onB.find((m) => m.id === proposed!.id)!;
    expect(arrived.status).toBe('proposed');
    expect(arrived.origin).toEqual({ kind: 'tool', client: 'Claude Desktop' });
    expect(arrived.proposal?.reasons).toEqual(['instruction']);
    expect((await B.ask<{ count: number }>('memories.proposedCount')).count).toBeGreaterThan(0);

    await A.ask('memories.accept', { ids: [proposed!.id] });
    const accepted = await untilArrived(A, B, (list) =>
      list.some((m) => m.id === proposed!.id && m.status === 'active'),
    );
    expect(accepted.find((m) => m.id === proposed!.id)?.proposal).toBeUndefined();
    expect(current(accepted, text)).toHaveLength(1);
  });

  it('a space and a memory in it travel: the space by its name and words, the memory in that space', async () => {
    const name = 'Client Kestrel (NDA)';
    const text = 'Kestrel ships its firmware every second Tuesday from the Leeds office.';
    secrets.add(name).add(text).add('The Kestrel contract, until June');
    // A memory file (format version 2) is how a space and its memories reach a device here.
    await A.ask('transfer.import', {
      text: JSON.stringify({
        format: 'claude-mem.memories',
        version: 2,
        spaces: [{ id: 'kestrel', name, description: 'The Kestrel contract, until June', isolated: true }],
        memories: [{ content: text, type: 'fact', space: 'kestrel' }],
      }),
    });
    const onA = (await readStore<Space>(a.panel, 'spaces')).find((s) => s.name === name);
    expect(onA).toMatchObject({ isolated: true, archived: false });
    secrets.add(onA?.id as string);
    const onB = await untilArrived(A, B, (list) => list.some((m) => m.content === text));
    expect(onB.find((m) => m.content === text)).toMatchObject({ space: onA?.id, status: 'active' });
    expect((await readStore<Space>(b.panel, 'spaces')).find((s) => s.id === onA?.id)).toEqual(onA);
  });

  it('the server holds no memory text and no record id, in what it stores or what it was sent', async () => {
    const dump = await server.dump();
    const traffic = server.traffic();
    expect(dump.length).toBeGreaterThan(0);
    const stored = await A.memories();
    for (const m of stored) {
      secrets.add(m.id);
      if (m.content.length >= 8) secrets.add(m.content);
    }
    for (const secret of secrets) {
      expect(dump.includes(secret), `stored on the server: ${secret}`).toBe(false);
      expect(traffic.includes(secret), `sent to the server: ${secret}`).toBe(false);
    }
    for (const name of ['Laptop', 'Desktop', PASSPHRASE]) {
      expect(dump.includes(name), `stored on the server: ${name}`).toBe(false);
      expect(traffic.includes(name), `sent to the server: ${name}`).toBe(false);
    }
  });

  it('the server killed mid-sync and restarted: nothing lost, nothing doubled', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `Batch memory ${i + 1}: the boiler code is ${4000 + i}.`);
    for (const t of texts) await add(A, t);
    const killed = server.killOn({
      match: (r) => r.method === 'POST' && r.url.startsWith(`/${DATABASE}/_bulk_docs`),
      phase: 'after',
    });
    await A.ask('sync.now').catch(() => undefined);
    await killed;
    const down = await waitForStatus(A, (st) => !st.running && st.error !== null);
    expect(down.error?.code).toBe('offline');
    await A.openSettings();
    await a.panel
      .getByRole('status', { name: 'Sync state' })
      .filter({ hasText: /Offline — \d+ changes? waiting/ })
      .waitFor();

    const whileDown = await add(A, 'Written while the server was down: the bike lock is 5-1-9.');
    await server.restart();
    const all = [...texts, whileDown.content];
    const onB = await untilArrived(A, B, (list) => all.every((t) => current(list, t).length >= 1));
    for (const t of all) expect(current(onB, t), t).toHaveLength(1);
    const onA = await A.memories();
    for (const t of all) expect(current(onA, t), t).toHaveLength(1);
    await waitForStatus(A, (st) => st.error === null && st.waiting === 0);
  });
  it('documents a hostile server slips in are set aside and counted; the store keeps every word', async () => {
    const m = await add(A, 'Drinks oat milk; lactose makes him ill.');
    await untilArrived(A, B, (list) => current(list, m.content).length === 1);
    await edit(A, m.id, { content: 'Drinks oat milk or soy milk; lactose makes him ill.' });
    await untilArrived(A, B, (list) => list.some((x) => x.id === m.id && x.content.includes('soy')));
    const before = (await B.memories()).map((x) => `${x.id}\t${x.status}\t${x.content}`).sort();
    const quarantinedBefore = (await B.ask<{ quarantined: number }>('sync.status')).quarantined;

    // What the server can make: the right key (it is derived from the passphrase and the
    // parameters the server holds) only for the test, standing in for a server that replays.
    const params = await new server.pouch(DATABASE).get(PARAMS_ID);
    const keys = await unlockParams(PASSPHRASE, params);
    const serverIdOfM = await serverId(keys, memoryKey(m.id));
    const other = (await createParams('another passphrase entirely')).keys;
    const sealedWith = async (k: SyncKeys, plain: string, id: string) => ({
      _id: id,
      v: 1,
      ...(await seal(k, plain, id)),
    });
    const fakeId = await serverId(keys, memoryKey('00000000-0000-4000-8000-000000000000'));
    const injected = await server.hostile.put(DATABASE, [
      // Opens with the right key, but is not JSON; is JSON of the wrong shape.
      await sealedWith(keys, '{"k":"m","id":"m:', fakeId),
      await sealedWith(keys, JSON.stringify({ k: 'm', id: 'm:x', rec: 'nothing' }), await serverId(keys, 'm:x')),
      // Sealed with another passphrase's key, in every other way right.
      await sealedWith(
        other,
        JSON.stringify({ k: 'x', id: memoryKey(m.id), at: new Date().toISOString() }),
        await serverId(other, 'm:y'),
      ),
      // Far too big to be a memory.
      { _id: await serverId(keys, 'm:big'), v: 1, iv: 'AAAAAAAAAAAAAAAA', ct: 'A'.repeat(MAX_SEALED_CHARS + 10) },
    ]);
    injected.push(...(await server.hostile.malformed(DATABASE, serverIdOfM)));
    injected.push(...(await server.hostile.foreign(DATABASE, serverIdOfM)));
    // The memory's own older revision served again on top: authentic, but stale.
    await server.hostile.replay(DATABASE, serverIdOfM);

    let after = await syncRound(B);
    await expect
      .poll(
        async () => {
          after = await syncRound(B);
          return after.quarantined - quarantinedBefore;
        },
        { timeout: 60_000 },
      )
      // A design document is CouchDB's own and is left alone, not counted.
      .toBeGreaterThanOrEqual(injected.filter((id) => !id.startsWith('_design/')).length);
    expect(after.error).toBeNull();
    const now = (await B.memories()).map((x) => `${x.id}\t${x.status}\t${x.content}`).sort();
    expect(now).toEqual(before);
    await B.openSettings();
    await b.panel
      .getByRole('status', { name: 'Sync state' })
      .filter({ hasText: /documents? from the server failed (its|their) checks/ })
      .waitFor();
  });
});
