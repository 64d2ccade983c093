/**
 * Spaces on two devices: each space travels as its own sealed record with its project mappings
 * and site defaults, merges field by field, keeps a deletion marker that refuses replays, and a
 * memory in a space that does not exist on the device it reaches waits in review
 * (`space-gone`), never acting as an Everywhere memory.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SPACES, type Space, spaceRecord } from '../../../lib/memory/spaces';
import { decodeDoc, encodeDoc, memoryKey } from '../../../lib/sync/codec';
import { serverId } from '../../../lib/sync/keys';
import { resolve } from '../../../lib/sync/merge';
import { mergeSpaces, type SpaceDoc, spaceKey, stampSpace } from '../../../lib/sync/space-docs';
import type { Device } from './devices';
import { twoDevices } from './devices';
import { bodiesOf, openedOnServer, replay, snapshot } from './server-replay';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-02T10:00:00.000Z';
const T2 = '2026-11-03T10:00:00.000Z';

function space(id: string, patch: Partial<Space> = {}): Space {
  return spaceRecord({ id, name: 'Work', description: 'Acme Corp, the day job', ...patch }, T0);
}

const putSpace = (d: Device, s: Space) => d.db.spaces.put(s);
const editSpace = async (d: Device, id: string, patch: Partial<Space>, at: string) =>
  d.db.spaces.update(id, { ...patch, updatedAt: at });

describe('spaces on two devices', () => {
  it('carries a space created on A, with its mappings, site default and memories, to B', async () => {
    const { a, b } = await twoDevices();
    await putSpace(a, space('sp-work', { projects: ['chatgpt:g-p-abc123'], sites: ['claude'], isolated: true }));
    const m = await a.add({ content: 'Uses Jira for tickets', type: 'fact', space: 'sp-work' });
    const home = await a.add({ content: 'Lives in Lyon', type: 'fact' });
    await a.round();
    await b.round();
    expect(await b.db.spaces.get('sp-work')).toEqual(
      space('sp-work', { projects: ['chatgpt:g-p-abc123'], sites: ['claude'], isolated: true }),
    );
    expect(await b.get(m.id)).toMatchObject({ space: 'sp-work', status: 'active' });
    expect((await b.get(home.id))?.space).toBeUndefined();
    // The server learns neither the space's words nor its id, nor the project mapped to it.
    const raw = JSON.stringify(await snapshot(a.remote));
    for (const secret of ['sp-work', 'Acme', 'g-p-abc123', 'Jira']) expect(raw, secret).not.toContain(secret);
    // Moving a memory out of its space travels as an ordinary change.
    await b.edit(m.id, { space: undefined }, T1);
    await b.round();
    await a.round();
    expect((await a.get(m.id))?.space).toBeUndefined();
  });

  it('merges a space changed on both devices while apart, field by field, the newest change winning', async () => {
    const { a, b } = await twoDevices();
    await putSpace(a, space('sp-client'));
    await a.round();
    await b.round();
    await editSpace(a, 'sp-client', { name: 'Client A', projects: ['claude:0f3e-77'] }, T1);
    await editSpace(b, 'sp-client', { name: 'Client Alpha', description: 'NDA until June' }, T2);
    await a.round();
    await b.round();
    await a.round();
    for (const d of [a, b]) {
      const s = await d.db.spaces.get('sp-client');
      expect(s, d.name).toMatchObject({
        name: 'Client Alpha',
        description: 'NDA until June',
        projects: ['claude:0f3e-77'],
        updatedAt: T2,
      });
    }
    // Both devices hold the same revision, so nothing is left to send.
    expect((await a.round()).staged).toEqual([]);
  });

  it('refuses a replayed space after its deletion, on both devices and for a device joining', async () => {
    const { a, b, remote } = await twoDevices();
    await putSpace(a, space('sp-old', { name: 'Old job' }));
    await a.round();
    await b.round();
    const old = await bodiesOf(remote, [spaceKey('sp-old')]);
    expect(old).toHaveLength(1);
    await a.db.spaces.delete('sp-old');
    await a.round();
    await b.round();
    expect(await b.db.spaces.get('sp-old')).toBeUndefined();
    expect(await openedOnServer(remote, spaceKey('sp-old'))).toMatchObject({ k: 'x' });

    await replay(remote, old);
    const outA = await a.round();
    const outB = await b.round();
    expect(await a.db.spaces.get('sp-old')).toBeUndefined();
    expect(await b.db.spaces.get('sp-old')).toBeUndefined();
    expect([...outA.quarantined, ...outB.quarantined].map((q) => q.reason)).toContain('older than what was synced');
    await a.round();
    expect(await openedOnServer(remote, spaceKey('sp-old'))).toMatchObject({ k: 'x' });
    // A space brought back on purpose (an Undo) is a change after the deletion: it travels.
    await putSpace(a, space('sp-old', { name: 'Old job' }));
    await a.round();
    await b.round();
    expect(await b.db.spaces.get('sp-old')).toMatchObject({ name: 'Old job' });
  });

  it('sends a memory added on A to a space B deleted meanwhile to review on both, never to Everywhere', async () => {
    const { a, b } = await twoDevices();
    await putSpace(a, space('sp-client'));
    const kept = await a.add({ content: 'The client uses Azure', type: 'fact', space: 'sp-client' });
    await a.round();
    await b.round();
    // B deletes the space, moving its memories to Everywhere (the panel asks which).
    await b.db.transaction('rw', b.db.spaces, b.db.memories, async () => {
      await b.db.spaces.delete('sp-client');
      await b.db.memories.update(kept.id, { space: undefined, updatedAt: T1 });
    });
    // A, apart, adds a memory to the space.
    const late = await a.add({ content: 'The client wants weekly reports', type: 'fact', space: 'sp-client' });
    await b.round();
    // The deletion is staged after the memories moved out of the space, so a push cut between
    // two of its batches never carries the deletion without the moves.
    const feed = await b.mirror.changes({
      since: 0,
      limit: 1000,
      include_docs: true,
      conflicts: true,
      style: 'all_docs',
    });
    const order = feed.results.map((r) => r.id);
    const [moved, deletion] = await Promise.all([
      serverId(b.keys, memoryKey(kept.id)),
      serverId(b.keys, spaceKey('sp-client')),
    ]);
    expect(order.indexOf(moved)).toBeLessThan(order.indexOf(deletion));
    await a.round();
    await b.round();
    await a.round();
    for (const d of [a, b]) {
      expect(await d.db.spaces.get('sp-client'), d.name).toBeUndefined();
      expect(await d.get(late.id), d.name).toMatchObject({
        space: 'sp-client',
        status: 'proposed',
        proposal: { reasons: ['space-gone'] },
      });
      expect(await d.get(kept.id), d.name).toMatchObject({ status: 'active' });
      expect((await d.get(kept.id))?.space, d.name).toBeUndefined();
    }
  });

  it('gives a memory that arrived before its space back once the space arrives', async () => {
    const { a, b } = await twoDevices();
    // A memory sent before its space (a push cut short, a server holding the space back).
    const m = await a.add({ content: 'Sprint review on Fridays', type: 'task', space: 'sp-late' });
    await a.round();
    await b.round();
    expect(await b.get(m.id)).toMatchObject({ status: 'proposed', proposal: { reasons: ['space-gone'] } });
    await putSpace(a, space('sp-late'));
    await a.round();
    await b.round();
    await a.round();
    for (const d of [a, b]) {
      const back = await d.get(m.id);
      expect(back, d.name).toMatchObject({ status: 'active', space: 'sp-late' });
      expect(back?.proposal, d.name).toBeUndefined();
    }
  });

  it('keeps an edit made to a space after another device deleted it, and gives its memories back', async () => {
    const { a, b } = await twoDevices();
    await putSpace(a, space('sp-course'));
    const m = await a.add({ content: 'The course uses R', type: 'fact', space: 'sp-course' });
    await a.round();
    await b.round();
    await b.db.spaces.delete('sp-course');
    await b.round();
    // A renames it later, before hearing of the deletion.
    await editSpace(a, 'sp-course', { name: 'Stats course' }, new Date(Date.now() + 60_000).toISOString());
    await a.round();
    await b.round();
    for (const d of [a, b]) {
      expect(await d.db.spaces.get('sp-course'), d.name).toMatchObject({ name: 'Stats course' });
      expect(await d.get(m.id), d.name).toMatchObject({ status: 'active', space: 'sp-course' });
    }
  });
});

describe('merging a space', () => {
  const base = stampSpace(space('sp-1'), null, T0) as SpaceDoc;
  const onA = stampSpace(space('sp-1', { name: 'Client A', isolated: true, updatedAt: T1 }), base, T1) as SpaceDoc;
  const onB = stampSpace(
    space('sp-1', { name: 'Client Alpha', sites: ['claude'], updatedAt: T2 }),
    base,
    T2,
  ) as SpaceDoc;

  it('keeps each field’s newest change, the same whichever revision comes first', () => {
    const ab = mergeSpaces(onA, onB);
    expect(ab).toEqual(mergeSpaces(onB, onA));
    expect(ab.rec).toMatchObject({ name: 'Client Alpha', isolated: true, sites: ['claude'], updatedAt: T2 });
    expect(resolve([onA, onB]).doc).toEqual(resolve([onB, onA]).doc);
  });

  it('lets a deletion win over a space changed before it, and lose to one changed after it', () => {
    const gone = { k: 'x' as const, id: spaceKey('sp-1'), at: '2026-11-02T12:00:00.000Z' };
    expect(resolve([onA, gone]).doc).toEqual(gone);
    expect(resolve([gone, onB]).doc).toEqual(onB);
    expect(stampSpace(space('sp-1'), onA, T2)).not.toBeNull();
    expect(stampSpace(onA.rec, onA, T2)).toBeNull();
  });
});

describe('a hostile server or device and spaces', () => {
  it('never stores a real space document padded, and quarantines one that renames another space', async () => {
    const { a, b, remote } = await twoDevices();
    await putSpace(a, space('sp-work'));
    await a.round();
    const sid = await serverId(a.keys, spaceKey('sp-work'));
    const real = (await remote.get(sid)) as never as Record<string, unknown> & { _id: string };
    await remote.put({ ...real, pad: 'A'.repeat(2_000_000) });
    const out = await b.round();
    expect(out.quarantined.map((q) => q.reason)).toContain('refused unstored');
    expect(await b.db.spaces.get('sp-work')).toBeUndefined();
    expect((await decodeDoc(a.keys, { ...real, pad: 'x' })).ok).toBe(false);

    // Sealed with the key but naming another space inside, or carrying an extra field: refused.
    const forged: SpaceDoc = { k: 's', id: spaceKey('sp-home'), rec: space('sp-work', { name: 'Stolen' }), clk: {} };
    const extended = { k: 's', id: spaceKey('sp-x'), rec: space('sp-x'), clk: {}, extra: 'field' };
    await remote.bulkDocs([
      await encodeDoc(a.keys, forged),
      await encodeDoc(a.keys, extended as never as SpaceDoc),
    ] as never);
    const bad = await b.round();
    expect(bad.quarantined.map((q) => q.reason)).toEqual(expect.arrayContaining(['unexpected shape']));
    expect(await b.db.spaces.count()).toBe(0);
  });

  it('keeps at most MAX_SPACES spaces from another device, and their memories wait in review', async () => {
    const { a, b, remote } = await twoDevices();
    const many = Array.from({ length: MAX_SPACES + 5 }, (_, i) => space(`sp-${String(i).padStart(4, '0')}`));
    const docs = await Promise.all(
      many.map((s) => encodeDoc(a.keys, { k: 's', id: spaceKey(s.id), rec: s, clk: { '*': T0 } })),
    );
    await remote.bulkDocs(docs as never);
    const ms = await Promise.all(many.map((sp) => a.add({ content: `Fact in ${sp.id}`, type: 'fact', space: sp.id })));
    await a.round();
    const out = await b.round();
    expect(await b.db.spaces.count()).toBe(MAX_SPACES);
    expect(out.quarantined.filter((q) => q.reason === 'too many spaces')).toHaveLength(5);
    const held = new Set(await b.db.spaces.toCollection().primaryKeys());
    const waiting = [];
    for (const m of ms) {
      const here = await b.get(m.id);
      if (held.has(m.space as string)) expect(here?.status).toBe('active');
      else waiting.push(here);
    }
    expect(waiting).toHaveLength(5);
    for (const w of waiting) expect(w).toMatchObject({ status: 'proposed', proposal: { reasons: ['space-gone'] } });
  });
});
