/** The backup database's v1 → v2 upgrade, on real v1 data written by a v1 schema. */
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { BACKUP_SCHEMA_V1, BackupDB } from '../../../lib/db/backup-db';
import { createBackup, listBackups, readBackup } from '../../../lib/db/backups';
import { db } from '../../../lib/db/db';
import { memory } from '../helpers';

class BackupDBv1 extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores(BACKUP_SCHEMA_V1);
  }
}

describe('backup database versions', () => {
  it('upgrades v1 backups to v2 unchanged and adds tombstones and salvage', async () => {
    await db.memories.put(memory({ content: '住在成都' }));
    const made = await createBackup('after extraction');
    const { backupDb } = await import('../../../lib/db/backup-db');
    const row = await backupDb.backups.get(made.id);
    const name = 'backup-upgrade-v1-v2';
    const v1 = new BackupDBv1(name);
    await v1.table('backups').add(row);
    v1.close();

    const v2 = new BackupDB(name);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect(v2.tables.map((t) => t.name).sort()).toEqual(['backups', 'salvage', 'tombstones']);
    expect(await v2.backups.get(made.id)).toEqual(row);
    expect(await v2.tombstones.count()).toBe(0);
    v2.close();
    expect((await listBackups()).map((b) => b.id)).toEqual([made.id]);
    expect((await readBackup(made.id)).memories.map((m) => m.content)).toEqual(['住在成都']);
  });
});
