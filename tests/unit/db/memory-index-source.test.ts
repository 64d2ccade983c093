import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/db/db';
import { deleteMemories, putMemories, updateMemory } from '../../../lib/db/memories';
import { dropIndex, warmIndex } from '../../../lib/db/memory-index-source';
import { memory } from '../helpers';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');
const rank = async (q: string) =>
  (await warmIndex()).rank(q, { site: null, now: NOW, limit: 10 }).map((r) => r.memory.content);

describe('warm memory index', () => {
  it('follows writes incrementally, without a reload', async () => {
    await putMemories([memory({ content: 'User drives a Model Y' })]);
    const index = await warmIndex();
    expect(await rank('Model Y')).toEqual(['User drives a Model Y']);

    const added = memory({ content: 'User rides a road bike on weekends' });
    await putMemories([added]);
    expect(await warmIndex()).toBe(index); // the same index, updated in place
    expect(await rank('road bike')).toEqual([added.content]);

    await updateMemory(added.id, { content: 'User rides a gravel bike on weekends' });
    expect(await rank('road')).toEqual([]);
    expect(await rank('gravel bike')).toEqual(['User rides a gravel bike on weekends']);

    await updateMemory(added.id, { status: 'archived' });
    expect(await rank('gravel bike')).toEqual([]);

    await deleteMemories([added.id]);
    expect(await warmIndex()).toBe(index);
    expect(index.size).toBe(1);
  });

  it('ignores a transaction that aborts', async () => {
    await warmIndex();
    await expect(
      db.transaction('rw', db.memories, async () => {
        await db.memories.put(memory({ content: 'User owns a sailboat' }));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await rank('sailboat')).toEqual([]);
  });

  it('reloads after the table is cleared', async () => {
    await putMemories([memory({ content: 'User likes durian' })]);
    expect(await rank('durian')).toHaveLength(1);
    await db.memories.clear();
    expect(await rank('durian')).toEqual([]);
    await putMemories([memory({ content: 'User likes mangosteen' })]);
    expect(await rank('mangosteen')).toHaveLength(1);
  });
});

describe('warm memory index after a failed read', () => {
  it('tries the store again on the next ranking instead of keeping the failure', async () => {
    await putMemories([memory({ content: 'User keeps two beehives' })]);
    dropIndex();
    const read = vi
      .spyOn(db.memories, 'toArray')
      .mockRejectedValueOnce(Object.assign(new Error('backing store'), { name: 'UnknownError' }));
    await expect(warmIndex()).rejects.toThrow('backing store');
    const second = await rank('beehives').catch((e: Error) => `failed again: ${e.message}`);
    expect(second).toEqual(['User keeps two beehives']);
    console.info(
      'index load after a failed read: 1 failed read, the next ranking read the store again and found the memory',
    );
    read.mockRestore();
  });
});
