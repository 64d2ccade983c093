/**
 * The user's answers to proposals, and hand edits: every change keeps the old text as a
 * version, and every answer is one undoable step (restore the records, remove what was created).
 */
import { describe, expect, it } from 'vitest';
import { db } from '../../../lib/db/db';
import { deleteMemories, restoreMemories, updateMemory } from '../../../lib/db/memories';
import { acceptProposals, countProposals, rejectProposals } from '../../../lib/db/review';
import { memory } from '../helpers';

const SOURCE = { site: 'claude', url: 'https://claude.ai/chat/9', chatId: 'claude:9' };

describe('answering proposals', () => {
  it('accepting a proposed change applies it to the memory it names; the old text becomes a version', async () => {
    const pinned = memory({ content: 'Lives in Beijing' }, { pinned: true, note: 'mine' });
    const proposal = memory(
      { content: 'Moved to Chengdu', source: SOURCE },
      {
        status: 'proposed',
        origin: { kind: 'sent' },
        proposal: { reasons: ['changes-protected'], changes: pinned.id },
      },
    );
    await db.memories.bulkPut([pinned, proposal]);
    expect(await countProposals()).toBe(1);
    const result = await acceptProposals([proposal.id]);
    expect(result.count).toBe(1);
    const changed = await db.memories.get(pinned.id);
    expect(changed).toMatchObject({
      content: 'Moved to Chengdu',
      pinned: true,
      note: 'mine',
      source: SOURCE,
      status: 'active',
    });
    expect(await db.memories.get(proposal.id)).toBeUndefined();
    const [version] = await db.memories.where('status').equals('superseded').toArray();
    expect(version).toMatchObject({ content: 'Lives in Beijing', supersededBy: pinned.id, id: result.created[0] });
    expect(await countProposals()).toBe(0);

    // Undo: one step puts both back and removes the version.
    await restoreMemories(result.before, result.created);
    expect(await db.memories.get(pinned.id)).toEqual(pinned);
    expect(await db.memories.get(proposal.id)).toEqual(proposal);
    expect(await db.memories.count()).toBe(2);
  });

  it('accepting a new memory makes it active; an edited one is the user’s own', async () => {
    const a = memory({ content: 'Runs on Sundays' }, { status: 'proposed', proposal: { reasons: ['ask-first'] } });
    const b = memory(
      { content: 'Call me Cap', type: 'preference' },
      { status: 'proposed', proposal: { reasons: ['every-message'] } },
    );
    await db.memories.bulkPut([a, b]);
    await acceptProposals([a.id]);
    expect(await db.memories.get(a.id)).toMatchObject({ status: 'active' });
    expect(await db.memories.get(a.id)).not.toHaveProperty('proposal');
    await acceptProposals([b.id], 'Call me Sam\u200b');
    expect(await db.memories.get(b.id)).toMatchObject({
      status: 'active',
      content: 'Call me Sam',
      origin: { kind: 'hand' },
    });
    await expect(acceptProposals([a.id, b.id], 'two at once')).rejects.toThrow();
  });

  it('rejecting removes only proposals, and undo brings them back', async () => {
    const p = memory({ content: 'Works at Acme' }, { status: 'proposed', proposal: { reasons: ['tool'] } });
    const active = memory({ content: 'Lives in Porto' });
    await db.memories.bulkPut([p, active]);
    const result = await rejectProposals([p.id, active.id]);
    expect(result.count).toBe(1);
    expect(await db.memories.get(active.id)).toEqual(active);
    await restoreMemories(result.before);
    expect(await db.memories.get(p.id)).toEqual(p);
  });
});

describe('hand edits', () => {
  it('keep the old text as a version, make the memory the user’s own, and deleting takes its history along', async () => {
    const m = memory({ content: 'Uses Go at work' }, { origin: { kind: 'sent' } });
    await db.memories.put(m);
    const { after, versionId } = await updateMemory(m.id, { content: 'Uses Go and Rust at work' });
    expect(after.origin).toEqual({ kind: 'hand' });
    expect(await db.memories.get(versionId ?? '')).toMatchObject({ content: 'Uses Go at work', supersededBy: m.id });
    // A change of importance only is no new version.
    expect((await updateMemory(m.id, { importance: 5 })).versionId).toBeUndefined();
    const deleted = await deleteMemories([m.id]);
    expect(deleted.map((d) => d.content).sort()).toEqual(['Uses Go and Rust at work', 'Uses Go at work']);
    expect(await db.memories.count()).toBe(0);
  });
});
