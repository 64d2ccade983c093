/**
 * Backups hold the spaces: a restore (or a rebuild of an unreadable store) brings them back, so
 * a restored memory is never in a space that does not exist; a backup taken before spaces
 * restores as it always did.
 */
import { describe, expect, it, vi } from 'vitest';
import { backupDb } from '../../../lib/db/backup-db';
import { sha256 } from '../../../lib/db/backup-snapshot';
import { createBackup, readBackup, restoreBackup } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { checkIntegrity, READ_ATTEMPTS } from '../../../lib/db/integrity';
import type { Space } from '../../../lib/memory/spaces';
import { memory } from '../helpers';

const T0 = '2026-11-01T10:00:00.000Z';

function space(id: string, name: string): Space {
  const at = T0;
  return {
    id,
    name,
    description: '',
    isolated: false,
    archived: false,
    endsAt: null,
    projects: ['claude:abc-1'],
    sites: ['chatgpt'],
    createdAt: at,
    updatedAt: at,
  };
}

/** A backup row as an older version wrote it (its own JSON, a good checksum). */
async function oldBackup(data: object): Promise<string> {
  const text = JSON.stringify(data);
  const id = crypto.randomUUID();
  await backupDb.backups.add({
    id,
    at: T0,
    reason: 'manual',
    memoryCount: 1,
    chatCount: 0,
    checksum: await sha256(text),
    data: text,
  });
  return id;
}

describe('backups and spaces', () => {
  it('keeps the spaces and brings a deleted one back with its memories; a space made since stays', async () => {
    await db.spaces.put(space('sp-work', 'Work'));
    await db.memories.put(memory({ content: 'Uses Jira' }, { id: 'w1', space: 'sp-work' }));
    const snap = await createBackup('manual');
    expect((await readBackup(snap.id)).spaces).toEqual([space('sp-work', 'Work')]);

    await db.spaces.delete('sp-work');
    await db.memories.delete('w1');
    await db.spaces.put(space('sp-new', 'New'));
    await restoreBackup(snap.id);
    expect((await db.spaces.toArray()).map((s) => s.id).sort()).toEqual(['sp-new', 'sp-work']);
    expect(await db.spaces.get('sp-work')).toEqual(space('sp-work', 'Work'));
    expect(await db.memories.get('w1')).toMatchObject({ space: 'sp-work', status: 'active' });
  });

  it('restores a backup taken before spaces as before, leaving the spaces as they are', async () => {
    await db.spaces.put(space('sp-home', 'Home'));
    const id = await oldBackup({ memories: [memory({ content: 'Lives in Lyon' }, { id: 'old' })], chats: [] });
    await restoreBackup(id);
    expect((await db.memories.toArray()).map((m) => [m.id, m.status, m.space])).toEqual([['old', 'active', undefined]]);
    expect((await db.spaces.toArray()).map((s) => s.id)).toEqual(['sp-home']);
  });

  it('sends a restored memory whose space exists nowhere to review, never to Everywhere', async () => {
    const id = await oldBackup({
      memories: [memory({ content: 'In a lost space' }, { id: 'lost', space: 'sp-lost' })],
      chats: [],
      spaces: [],
    });
    await restoreBackup(id);
    expect(await db.memories.get('lost')).toMatchObject({
      space: 'sp-lost',
      status: 'proposed',
      proposal: { reasons: ['space-gone'] },
    });
  });

  it('rebuilds an unreadable store with the backup’s spaces', async () => {
    await db.spaces.put(space('sp-work', 'Work'));
    await db.memories.put(memory({ content: 'Uses Jira' }, { id: 'w1', space: 'sp-work' }));
    await createBackup('after extraction');
    const broken = Object.assign(new Error('No objectStore named memories'), { name: 'NotFoundError' });
    const spy = vi.spyOn(db.memories, 'count');
    for (let i = 0; i < READ_ATTEMPTS; i++) spy.mockRejectedValueOnce(broken);
    // A space row the salvage reads but that does not parse is not carried into the new store.
    await db.spaces.put({ ...space('sp-bad', 'x'), name: '' } as Space);
    const report = await checkIntegrity({ retryDelaysMs: [0, 0, 0] });
    expect(report.incident?.restoredFrom).not.toBeNull();
    expect((await db.spaces.toArray()).map((s) => s.id)).toEqual(['sp-work']);
    expect(await db.memories.get('w1')).toMatchObject({ space: 'sp-work', status: 'active' });
  });
});
