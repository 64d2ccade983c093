/**
 * Two devices and a server, in memory: what one device does arrives on the other, merges keep
 * every word, and changes made meanwhile are neither lost nor doubled.
 */
import { describe, expect, it, vi } from 'vitest';
import { syncRoundIfSending } from '../../../lib/sync-service/round';
import { pouch, twoDevices } from '../sync/devices';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T11:00:00.000Z';
const T2 = '2026-11-01T12:00:00.000Z';

/** Two devices that both hold one memory, synced. */
async function oneSynced(content: string) {
  const devices = await twoDevices();
  const m = await devices.a.add({ content, type: 'fact', updatedAt: T0, createdAt: T0 });
  await devices.a.round();
  await devices.b.round();
  return { ...devices, m };
}

describe('a sync round', () => {
  it('carries a memory added, edited, pinned and deleted on one device to the other', async () => {
    const { a, b } = await twoDevices();
    const m = await a.add({ content: 'Lives in Chengdu', type: 'fact', updatedAt: T0, createdAt: T0 });
    await a.round();
    const down = await b.round();
    expect(down.down).toBeGreaterThan(0);
    expect(await b.get(m.id)).toMatchObject({ content: 'Lives in Chengdu', status: 'active', pinned: false });

    await a.edit(m.id, { content: 'Lives in Beijing', pinned: true }, T1);
    await a.round();
    await b.round();
    expect(await b.get(m.id)).toMatchObject({ content: 'Lives in Beijing', pinned: true });

    await a.db.memories.delete(m.id);
    await a.round();
    await b.round();
    expect(await b.get(m.id)).toBeUndefined();
    expect(await a.all()).toEqual([]);
  });

  it('keeps what each device changed in different fields, newest change per field', async () => {
    const { a, b, m } = await oneSynced('Drinks oat latte');
    await a.edit(m.id, { importance: 5 }, T1);
    await b.edit(m.id, { pinned: true }, T2);
    await a.round();
    await b.round();
    await a.round();
    for (const d of [a, b]) expect(await d.get(m.id)).toMatchObject({ importance: 5, pinned: true });
  });

  it('keeps both texts when both devices changed one memory apart: a version and a review item', async () => {
    const { a, b } = await twoDevices();
    const m = await a.add({ content: 'Works at Acme', type: 'fact', updatedAt: T0, createdAt: T0 });
    await a.round();
    await b.round();
    await a.edit(m.id, { content: 'Works at Globex' }, T1);
    await b.edit(m.id, { content: 'Works at Initech' }, T2);
    await a.round();
    const merged = await b.round();
    expect(merged.twoDeviceTexts).toBe(1);
    await a.round();
    for (const d of [a, b]) {
      const rows = await d.all();
      expect(rows.find((r) => r.id === m.id)?.content).toBe('Works at Initech');
      const version = rows.find((r) => r.status === 'superseded' && r.content === 'Works at Globex');
      expect(version?.supersededBy).toBe(m.id);
      const review = rows.find((r) => r.status === 'proposed');
      expect(review).toMatchObject({
        content: 'Works at Globex',
        proposal: { reasons: ['two-devices'], changes: m.id },
      });
      expect(rows).toHaveLength(3);
    }
  });

  it('lets an edit made after a deletion win, and says so', async () => {
    const { a, b } = await twoDevices();
    const m = await a.add({ content: 'Has a cat named Miso', type: 'fact', updatedAt: T0, createdAt: T0 });
    await a.round();
    await b.round();
    await a.db.memories.delete(m.id);
    await a.round('2026-11-01T10:30:00.000Z');
    await b.edit(m.id, { note: 'still true' }, T2);
    const outcome = await b.round();
    expect(outcome.editsKept).toBe(1);
    await a.round();
    for (const d of [a, b]) expect(await d.get(m.id)).toMatchObject({ note: 'still true' });
  });

  it('turns the same memory created on two devices into one', async () => {
    const { a, b } = await twoDevices();
    await a.add({ id: 'aaa', content: 'Prefers metric units', type: 'preference', updatedAt: T0 });
    await b.add({ id: 'bbb', content: 'prefers metric units.', type: 'preference', updatedAt: T0 });
    await a.round();
    await b.round();
    await a.round();
    await b.round();
    for (const d of [a, b]) expect((await d.all()).map((r) => r.id)).toEqual(['aaa']);
  });

  it('carries a proposal as a proposal, and its acceptance on one device to the other', async () => {
    const { a, b } = await twoDevices();
    const p = await a.add({
      content: 'Is learning Rust',
      type: 'fact',
      status: 'proposed',
      proposal: { reasons: ['tool'] },
      updatedAt: T0,
    });
    await a.round();
    await b.round();
    expect(await b.get(p.id)).toMatchObject({ status: 'proposed', proposal: { reasons: ['tool'] } });
    const { proposal: _drop, ...accepted } = (await b.get(p.id))!;
    await b.db.memories.put({ ...accepted, status: 'active', updatedAt: T1 });
    await b.round();
    await a.round();
    const onA = await a.get(p.id);
    expect(onA?.status).toBe('active');
    expect(onA?.proposal).toBeUndefined();
  });

  it('neither loses nor doubles a change made while the server was away', async () => {
    const { a, b, remote } = await twoDevices();
    const m = await a.add({ content: 'Runs on Tuesdays', type: 'task', updatedAt: T0 });
    await a.round();
    a.remote = pouch.remote('http://127.0.0.1:9/claude-mem', null);
    await a.edit(m.id, { content: 'Runs on Thursdays' }, T1);
    await expect(a.round()).rejects.toThrow();
    await a.add({ content: 'Swims on Fridays', type: 'task', updatedAt: T1 });
    await expect(a.round()).rejects.toThrow();
    a.remote = remote;
    await a.round();
    await b.round();
    const rows = await b.all();
    expect(rows.map((r) => r.content).sort()).toEqual(['Runs on Thursdays', 'Swims on Fridays']);
    expect(rows.find((r) => r.id === m.id)?.content).toBe('Runs on Thursdays');
    // The old text is the memory's own history on device a, not a second memory.
    expect(rows).toHaveLength(2);
  });

  it('compares only the memories the change log names, and still sends each of them', async () => {
    const { a, b } = await twoDevices();
    const rows = await Promise.all(
      ['Lives in Lyon', 'Has a cat named Miso', '在成都工作'].map((content) =>
        a.add({ content, type: 'fact', updatedAt: T0, createdAt: T0 }),
      ),
    );
    await a.round();
    await b.round();
    const read = vi.spyOn(a.local, 'memories');
    await a.edit(rows[2]!.id, { content: '在北京工作' }, T1);
    await a.db.memories.delete(rows[0]!.id);
    await a.round();
    expect(read.mock.calls.map(([ids]) => (ids ? [...ids].sort() : 'all'))).toEqual([
      [rows[0]!.id, rows[2]!.id].sort(),
    ]);
    await b.round();
    expect((await b.all()).map((r) => r.content).sort()).toEqual(['Has a cat named Miso', '在北京工作']);
  });

  it('stays off the server when a change here leaves nothing to send', async () => {
    const { a, b, m } = await oneSynced('Drinks oat latte');
    await a.edit(m.id, { content: 'Drinks soy latte' }, T1);
    await a.round();
    await b.round();
    // b's own apply wrote the memory: its change log names it, and comparing finds it synced.
    const gone = pouch.mirror('server-gone');
    await gone.destroy();
    const quiet = await syncRoundIfSending({ ...b.roundInput(), remote: gone, changed: b.taken() });
    expect(quiet).toBeNull();
    // A real edit on b does reach the server.
    await b.edit(m.id, { pinned: true }, T2);
    const sent = await syncRoundIfSending({ ...b.roundInput(), changed: b.taken() });
    expect(sent?.up).toBeGreaterThan(0);
    await a.round();
    expect(await a.get(m.id)).toMatchObject({ content: 'Drinks soy latte', pinned: true });
  });

  it("reads the server back at the end of a device's first sync, so its next round walks nothing it pushed", async () => {
    const walked = async (catchUp: boolean) => {
      const { a } = await twoDevices();
      for (let i = 0; i < 40; i++) await a.add({ content: `Fact number ${i}`, type: 'fact', updatedAt: T0 });
      await a.roundWith({ ...a.roundInput(), changed: a.taken(), catchUp });
      // The pull asks the mirror which of the server's revisions it lacks, a batch at a time.
      const mirror = a.mirror as unknown as { revsDiff(diff: Record<string, string[]>): Promise<unknown> };
      const asked = vi.spyOn(mirror, 'revsDiff');
      await a.round();
      return asked.mock.calls.reduce((n, [diff]) => n + Object.keys(diff).length, 0);
    };
    expect(await walked(false)).toBeGreaterThanOrEqual(40);
    expect(await walked(true)).toBe(0);
  });

  it('pushes nothing from a round that only received, and still pushes what a failed round staged', async () => {
    const { a, b, remote, m } = await oneSynced('Plays the cello');
    await a.edit(m.id, { content: 'Plays the viola' }, T1);
    await a.round();
    const seq = (await remote.info()).update_seq;
    // Within the hour: no device document due.
    const received = await b.roundWith({ ...b.roundInput(), announce: false, changed: b.taken() });
    expect(received.down).toBeGreaterThan(0);
    expect(received.up).toBe(0);
    expect((await remote.info()).update_seq).toBe(seq);
    expect(await b.get(m.id)).toMatchObject({ content: 'Plays the viola' });

    // Staged, then the server went away before the push: the next round has nothing new to
    // stage and pushes it all the same.
    await a.edit(m.id, { content: 'Plays the double bass' }, T2);
    a.remote = pouch.remote('http://127.0.0.1:9/claude-mem', null);
    await expect(a.round()).rejects.toThrow();
    a.remote = remote;
    const again = await a.roundWith({ ...a.roundInput(), announce: false, changed: a.taken() });
    expect(again.staged).toEqual([]);
    expect(again.up).toBeGreaterThan(0);
    await b.round();
    expect(await b.get(m.id)).toMatchObject({ content: 'Plays the double bass' });
  });

  it('compares again next round a memory whose staged revision the mirror refused', async () => {
    const { a, b, m } = await oneSynced('Reads Borges');
    await a.edit(m.id, { content: 'Reads Cortázar' }, T1);
    const mirror = a.mirror as unknown as { bulkDocs(docs: { _id: string }[]): Promise<unknown[]> };
    vi.spyOn(mirror, 'bulkDocs').mockImplementationOnce(async (docs) =>
      docs.map((d) => ({ id: d._id, error: 'conflict', status: 409 })),
    );
    const refused = await a.round();
    expect(refused.refused).toEqual([m.id]);
    await a.round();
    await b.round();
    expect(await b.get(m.id)).toMatchObject({ content: 'Reads Cortázar' });
  });

  it('leaves nothing to compare after a round that only received: its own writes were compared in it', async () => {
    const { a, b, m } = await oneSynced('Bakes sourdough');
    await a.edit(m.id, { content: 'Bakes rye sourdough' }, T1);
    await a.round();
    await b.round();
    expect(await b.get(m.id)).toMatchObject({ content: 'Bakes rye sourdough' });
    expect(b.changes.pending).toBe(false);
  });
});
