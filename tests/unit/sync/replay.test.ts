/**
 * A server that can only store and forward, replaying authentic old documents: sealed bodies
 * it once held, put back on top of the current revision. Rules keep their clock, a deletion
 * leaves a marker with its clock, and an Undo is a new change: no replay brings back rules the
 * user changed, a memory or chat the user deleted, or a deletion the user undid.
 */
import { describe, expect, it } from 'vitest';
import { db } from '../../../lib/db/db';
import { deleteMemories, restoreMemories } from '../../../lib/db/memories';
import { productChatOps } from '../../../lib/db/sync-chat-ops';
import { chatKey, deviceKey, memoryKey, rulesKey } from '../../../lib/sync/codec';
import { mergeDevices } from '../../../lib/sync/devices-seen';
import { chat } from './chat-fixture';
import { Device, twoDevices } from './devices';
import { bodiesOf, openedOnServer, replay, snapshot } from './server-replay';

const T0 = '2026-11-01T10:00:00.000Z';

describe('a server replaying old documents', () => {
  it("does not undo the user's rules: old site modes, privacy patterns and review settings are refused and the new ones sent again", async () => {
    const { a, b, remote } = await twoDevices();
    await a.round();
    await b.round();
    const old = await bodiesOf(remote, [rulesKey('siteModes'), rulesKey('privacy'), rulesKey('review')]);
    expect(old).toHaveLength(3);

    const pattern = { label: 'badge', pattern: 'EMP-\\d+' };
    a.settings = {
      ...a.settings,
      review: 'ask-first',
      privacyPatterns: [pattern],
      sites: { ...a.settings.sites, chatgpt: { ...a.settings.sites.chatgpt, learn: false, inject: 'off' } },
    };
    await a.round();
    await b.round();
    expect(b.settings.sites.chatgpt).toMatchObject({ learn: false, inject: 'off' });

    await replay(remote, old);
    await a.round();
    await b.round();
    await a.round();
    for (const d of [a, b]) {
      expect(d.settings.sites.chatgpt, d.name).toMatchObject({ learn: false, inject: 'off' });
      expect(d.settings.privacyPatterns, d.name).toEqual([pattern]);
      expect(d.settings.review, d.name).toBe('ask-first');
    }
    // The newer state went back to the server: a device joining now takes it.
    expect(await openedOnServer(remote, rulesKey('review'))).toMatchObject({ value: { review: 'ask-first' } });
    const c = new Device('c', a.keys, remote);
    await c.round();
    expect(c.settings.review).toBe('ask-first');
    expect(c.settings.sites.chatgpt).toMatchObject({ learn: false, inject: 'off' });
  });

  it('does not bring back a deleted memory from its pre-deletion revision, on either device', async () => {
    const { a, b, remote } = await twoDevices();
    const m = await a.add({ content: 'Keeps a diary in code', type: 'fact', pinned: true });
    await a.round();
    await b.round();
    expect((await b.get(m.id))?.pinned).toBe(true);
    const old = await bodiesOf(remote, [memoryKey(m.id)]);

    await a.db.memories.delete(m.id);
    await a.round();
    await b.round();
    expect(await b.get(m.id)).toBeUndefined();

    await replay(remote, old);
    const outA = await a.round();
    const outB = await b.round();
    expect(await a.get(m.id)).toBeUndefined();
    expect(await b.get(m.id)).toBeUndefined();
    expect([...outA.quarantined, ...outB.quarantined].map((q) => q.reason)).toContain('older than what was synced');
    // The deletion was sent again: a device joining now does not take the memory either.
    await a.round();
    const c = new Device('c', a.keys, remote);
    await c.round();
    expect(await c.get(m.id)).toBeUndefined();
    // A deletion kept as a marker is not sent again every round.
    const quiet = await a.round();
    expect(quiet.staged).toEqual([]);
  });

  it('does not bring back a deleted chat from its old documents, on either device', async () => {
    const { a, b, remote } = await twoDevices();
    a.travel = { ...a.travel, chats: true };
    b.travel = { ...b.travel, chats: true };
    const x = chat('chatgpt:gone-1', 'lighthouse keeper rota');
    await a.db.chats.put(x);
    await a.round();
    await b.round();
    expect(await b.db.chats.get(x.id)).toBeDefined();
    const old = (await snapshot(remote)).filter((d) => !d._id.startsWith('_'));

    await a.db.chats.delete(x.id);
    await a.round();
    await b.round();
    expect(await b.db.chats.get(x.id)).toBeUndefined();

    await replay(remote, old);
    await a.round();
    await b.round();
    expect(await a.db.chats.get(x.id)).toBeUndefined();
    expect(await b.db.chats.get(x.id)).toBeUndefined();
    await a.round();
    expect(await openedOnServer(remote, chatKey(x.id))).toMatchObject({ k: 'x' });
  });

  it("does not delete a memory again after the user's Undo when the server replays the deletion", async () => {
    const { a, remote } = await twoDevices();
    const b = new Device('b-product', a.keys, remote, db, productChatOps);
    const m = await b.add({ content: 'Swims at the lido', type: 'fact', updatedAt: T0 });
    await b.round();
    await a.round();
    const deleted = await deleteMemories([m.id]);
    await b.round();
    await a.round();
    expect(await a.get(m.id)).toBeUndefined();
    const tombstone = await bodiesOf(remote, [memoryKey(m.id)]);

    await restoreMemories(deleted);
    await b.round();
    await a.round();
    expect(await a.get(m.id)).toBeDefined();

    await replay(remote, tombstone);
    await b.round();
    await a.round();
    expect((await b.get(m.id))?.content).toBe('Swims at the lido');
    expect((await a.get(m.id))?.content).toBe('Swims at the lido');
  });

  it('lets a memory or chat brought back after its deletion (a backup, a memory file, an import) travel and stay, old clock and all', async () => {
    const { a, b } = await twoDevices();
    a.travel = { ...a.travel, chats: true };
    b.travel = { ...b.travel, chats: true };
    const m = await a.add({ content: 'Cycles to work', type: 'fact', updatedAt: T0 });
    const x = chat('chatgpt:back-1', 'tide tables for May');
    await a.db.chats.put(x);
    await a.round();
    await b.round();
    await a.db.memories.delete(m.id);
    await a.db.chats.delete(x.id);
    await a.round();
    await b.round();
    expect(await b.get(m.id)).toBeUndefined();
    // Put back exactly as they were, their clocks older than the deletion.
    await a.db.memories.put(m);
    await a.db.chats.put(x);
    await a.round();
    await b.round();
    await a.round();
    for (const d of [a, b]) {
      expect((await d.get(m.id))?.content, d.name).toBe('Cycles to work');
      expect((await d.db.chats.get(x.id))?.turns.length, d.name).toBe(2);
    }
  });

  it("never moves a device's last sync backwards when its old device document is replayed, and names the replay", async () => {
    const { a, b, remote } = await twoDevices();
    await a.round('2026-12-01T08:00:00.000Z');
    const old = await bodiesOf(remote, [deviceKey('a')]);
    await a.add({ content: 'Rows on Sundays', type: 'fact' });
    await a.round('2026-12-02T08:00:00.000Z');
    const first = await b.round('2026-12-02T09:00:00.000Z');
    const seen = mergeDevices({}, first.devices).devices;
    expect(seen[deviceKey('a')]?.lastSync).toBe('2026-12-02T08:00:00.000Z');

    await replay(remote, old);
    const again = await b.round('2026-12-02T10:00:00.000Z');
    const merged = mergeDevices(seen, again.devices);
    expect(again.devices.map((d) => d.lastSync)).toContain('2026-12-01T08:00:00.000Z');
    expect(merged.devices[deviceKey('a')]?.lastSync).toBe('2026-12-02T08:00:00.000Z');
    expect(merged.backwards).toEqual([`${deviceKey('a')}@2026-12-01T08:00:00.000Z`]);
  });
});
