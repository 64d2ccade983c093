/**
 * Backups live in their own database, so a store that cannot be opened or read can still be
 * restored from them (SPEC §5 integrity check).
 */
import { Dexie, type EntityTable } from 'dexie';

const BACKUP_DB_NAME = 'claude-mem-backups';

export interface BackupRow {
  id: string;
  at: string;
  reason: string;
  memoryCount: number;
  chatCount: number;
  /** SHA-256 of `data`, checked before a restore. */
  checksum: string;
  /** The snapshot as JSON: `{ memories, chats }` (full records, feedback included). */
  data: string;
}

class BackupDB extends Dexie {
  backups!: EntityTable<BackupRow, 'id'>;

  constructor(name: string = BACKUP_DB_NAME) {
    super(name);
    // v1: first release (0.1.0).
    this.version(1).stores({ backups: 'id, at' });
  }
}

export const backupDb = new BackupDB();
