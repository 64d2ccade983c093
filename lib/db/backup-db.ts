/**
 * Backups live in their own database, so a store that cannot be opened or read can still be
 * restored from them (DESIGN.md §5 integrity check). The same database keeps what must outlive any
 * restore of the main store: the "don't remember this chat" tombstones, and records saved
 * from a damaged store before it was rebuilt.
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
  /** The snapshot as JSON: `{ memories, chats, settings?, spaces?, omittedTurns? }` (see backup-snapshot.ts). */
  data: string;
}

/** A chat the user asked never to remember: no restore, rebuild or import brings it back. */
export interface TombstoneRow {
  chatId: string;
  at: string;
}

/** Every record that could still be read from a damaged store, copied before a rebuild. */
export interface SalvageRow {
  id: string;
  at: string;
  error: string;
  /** Per table, how many records were read, or -1 when the table could not be read. */
  counts: Record<string, number>;
  /** JSON: `{ [table]: records[] }`. */
  data: string;
}

export const BACKUP_SCHEMA_V1 = { backups: 'id, at' } as const;
const BACKUP_SCHEMA_V2 = { ...BACKUP_SCHEMA_V1, tombstones: 'chatId', salvage: 'id, at' } as const;

export class BackupDB extends Dexie {
  backups!: EntityTable<BackupRow, 'id'>;
  tombstones!: EntityTable<TombstoneRow, 'chatId'>;
  salvage!: EntityTable<SalvageRow, 'id'>;

  constructor(name: string = BACKUP_DB_NAME) {
    super(name);
    // v1: first release (0.1.0).
    this.version(1).stores(BACKUP_SCHEMA_V1);
    // v2: tombstones and salvage (0.2.0). Existing backups are kept as they are.
    this.version(2).stores(BACKUP_SCHEMA_V2);
  }
}

export const backupDb = new BackupDB();
