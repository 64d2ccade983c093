/**
 * A proposal becomes active only through accept (which applies its change and keeps the old
 * text as a version) — never by another door: the Memories bulk status change, a single edit's
 * status, an import of the user's own export that holds it as active, or an undo.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import type { MemoryRecord } from '../../../lib/memory/types';
import { serializeMemoryFile } from '../../../lib/memory-file/format';
import { defaultSettings } from '../../../lib/settings/schema';
import { extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
type Reply<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };
const send = <T>(type: string, payload: unknown) => route({ type, payload }, extensionSender) as Promise<Reply<T>>;

/** A pinned memory and a proposal to change it (as extraction or tidy-up would leave them). */
async function seed(): Promise<{ target: MemoryRecord; proposal: MemoryRecord }> {
  const target = memory({ content: 'User is allergic to peanuts' }, { pinned: true, origin: { kind: 'hand' } });
  const proposal = memory(
    { content: 'User is allergic to peanuts and shellfish' },
    {
      status: 'proposed',
      origin: { kind: 'sent' },
      proposal: { reasons: ['changes-protected'], changes: target.id },
      updatedAt: '2026-11-20T08:00:00.000Z',
    },
  );
  await db.memories.bulkPut([target, proposal]);
  return { target, proposal };
}

async function unchanged(target: MemoryRecord, proposal: MemoryRecord): Promise<void> {
  expect(await db.memories.get(proposal.id)).toEqual(proposal);
  expect(await db.memories.get(target.id)).toEqual(target);
}

describe('a proposal becomes active only through accept', () => {
  it('the bulk "set status" refuses to make a proposal active (or anything proposed) and changes nothing', async () => {
    const { target, proposal } = await seed();
    const other = memory({ content: 'User likes tea' });
    await db.memories.put(other);
    const r = await send('memories.bulkUpdate', { ids: [proposal.id, other.id], patch: { status: 'active' } });
    expect(r.ok).toBe(false);
    await unchanged(target, proposal);
    const demote = await send('memories.bulkUpdate', { ids: [other.id], patch: { status: 'proposed' } });
    expect(demote.ok).toBe(false);
    expect((await db.memories.get(other.id))?.status).toBe('active');
    // Other bulk changes of a proposal (its type) still work.
    expect((await send('memories.bulkUpdate', { ids: [proposal.id], patch: { type: 'preference' } })).ok).toBe(true);
  });

  it('a single edit cannot set a proposal\u2019s status; its text edit keeps it proposed', async () => {
    const { target, proposal } = await seed();
    for (const status of ['active', 'expired', 'archived'] as const) {
      const r = await send('memories.update', { id: proposal.id, patch: { status } });
      expect(r.ok, status).toBe(false);
    }
    await unchanged(target, proposal);
    const edited = await send<{ after: MemoryRecord }>('memories.update', {
      id: proposal.id,
      patch: { content: 'User is allergic to peanuts, shellfish' },
    });
    expect(edited.ok && edited.data.after.status).toBe('proposed');
    expect((await db.memories.get(target.id))?.content).toBe(target.content);
  });

  it('an import of the user\u2019s own export holding the proposal as active leaves it waiting', async () => {
    const { target, proposal } = await seed();
    const { proposal: _p, ...activeCopy } = proposal;
    const text = serializeMemoryFile({
      memories: [{ ...activeCopy, status: 'active', updatedAt: '2026-11-25T08:00:00.000Z' }, target],
      chats: [],
      settings: defaultSettings(),
    });
    const r = await send('transfer.import', { text });
    expect(r.ok).toBe(true);
    await unchanged(target, proposal);
  });

  it('undo of an accept puts the proposal back waiting and the memory it changed as it was', async () => {
    const { target, proposal } = await seed();
    const accepted = await send<{ before: MemoryRecord[]; created: string[] }>('memories.accept', {
      ids: [proposal.id],
    });
    expect(accepted.ok).toBe(true);
    if (!accepted.ok) return;
    expect((await db.memories.get(target.id))?.content).toBe(proposal.content);
    await send('memories.restore', { records: accepted.data.before, remove: accepted.data.created });
    await unchanged(target, proposal);
  });
});
