import { describe, expect, it } from 'vitest';
import { backupDb } from '../../../lib/db/backup-db';
import { createBackup, KEEP_BACKUPS, listBackups, readBackup, restoreBackup } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { setClock } from '../../../lib/time';
import { memory } from '../helpers';

describe('backups', () => {
  it('keeps only the newest seven', async () => {
    let t = Date.parse('2026-11-01T00:00:00.000Z');
    setClock(() => t);
    for (let i = 0; i < 10; i++) {
      t += 60_000;
      await createBackup(`b${i}`);
    }
    const list = await listBackups();
    expect(list).toHaveLength(KEEP_BACKUPS);
    expect(list.map((b) => b.reason)).toEqual(['b9', 'b8', 'b7', 'b6', 'b5', 'b4', 'b3']);
  });

  it('restores a snapshot exactly, after backing up the current state', async () => {
    await db.memories.bulkPut([memory({ content: '住在北京' }), memory({ content: 'Uses Vim' })]);
    const snap = await createBackup('manual');
    await db.memories.clear();
    await db.memories.put(memory({ content: 'something new' }));
    expect(await restoreBackup(snap.id)).toEqual({ memories: 2, chats: 0, undoId: expect.any(String) });
    expect((await db.memories.toArray()).map((m) => m.content).sort()).toEqual(['Uses Vim', '住在北京']);
    expect((await listBackups()).map((b) => b.reason)).toContain('before restore');
  });

  it('refuses a damaged backup and leaves the store alone', async () => {
    await db.memories.put(memory({ content: 'a' }));
    const snap = await createBackup('manual');
    await backupDb.backups.update(snap.id, { data: '{"memories":[],"chats":[]}' });
    await expect(readBackup(snap.id)).rejects.toThrow(/damaged/);
    await expect(restoreBackup(snap.id)).rejects.toThrow(/damaged/);
    expect(await db.memories.count()).toBe(1);
  });
});
