/**
 * The one-record index snapshot a cold start reads: used only while no write to memories has
 * committed since it was built, whatever transaction the write came in.
 */
import { describe, expect, it } from 'vitest';
import { db } from '../../../lib/db/db';
import { REVISION_KEY, readIndexSource, writeSnapshot } from '../../../lib/db/index-snapshot';
import { putMemories, updateMemory } from '../../../lib/db/memories';
import { dropIndex, indexSettled, warmIndex } from '../../../lib/db/memory-index-source';
import type { MemoryIndexDump } from '../../../lib/ranking/retrieve';
import { memory } from '../helpers';

const revision = async () => (await db.meta.get(REVISION_KEY))?.value;
const rank = async (q: string) =>
  (await warmIndex()).rank(q, { site: null, now: Date.now(), limit: 10 }).map((r) => r.memory.content);

/** Adds a term only the snapshot knows to its first memory: found after a reload iff it was used. */
async function markSnapshot(term: string): Promise<void> {
  const row = await db.meta.get('index.snapshot');
  const dump = JSON.parse(row?.value as string) as MemoryIndexDump;
  dump.text.terms.push(term);
  dump.text.slots.push([0]);
  dump.text.tfs.push([1]);
  dump.text.kfs.push(null);
  await db.meta.put({ key: 'index.snapshot', value: JSON.stringify(dump) });
}

describe('index snapshot', () => {
  it('every committed write to memories writes a new revision, an aborted one does not', async () => {
    await putMemories([memory({ content: 'User keeps bees' })]);
    const first = await revision();
    expect(first).toBeTypeOf('string');
    // A transaction that names only memories still writes the revision.
    await db.transaction('rw', db.memories, () => db.memories.put(memory({ content: 'User keeps hens' })));
    const second = await revision();
    expect(second).not.toBe(first);
    await expect(
      db.transaction('rw', db.memories, async () => {
        await db.memories.put(memory({ content: 'User keeps goats' }));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await revision()).toBe(second);
    await db.memories.clear();
    expect(await revision()).not.toBe(second);
  });

  it('is what a cold start loads while it is current, and is written once per revision', async () => {
    await putMemories([memory({ content: 'User plays the cello' })]);
    await indexSettled();
    expect(await writeSnapshot()).toBe(true);
    expect(await writeSnapshot()).toBe(false);
    await markSnapshot('zzqq');
    dropIndex();
    expect((await readIndexSource()).restored !== undefined).toBe(true);
    expect(await rank('zzqq')).toEqual(['User plays the cello']);
  });

  it('is not used once a write commits after it, and a new one follows', async () => {
    const m = memory({ content: 'User plays the cello' });
    await putMemories([m]);
    await indexSettled();
    await writeSnapshot();
    await markSnapshot('zzqq');
    await updateMemory(m.id, { content: 'User plays the viola' });
    dropIndex();
    expect((await readIndexSource()).restored !== undefined).toBe(false);
    expect(await rank('zzqq')).toEqual([]);
    expect(await rank('viola')).toEqual(['User plays the viola']);
    expect(await writeSnapshot()).toBe(true);
    dropIndex();
    expect((await readIndexSource()).restored !== undefined).toBe(true);
    expect(await rank('viola')).toEqual(['User plays the viola']);
  });
});
