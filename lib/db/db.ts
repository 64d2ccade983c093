/**
 * The one Dexie database. Only modules in lib/db/ import it; everyone else calls their
 * repository functions. Each version repeats the full schema (Dexie's advice) and names the
 * release that introduced it; every upgrade has a test on fake-indexeddb.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { Chat, Injection, Job, MemoryRecord } from '../memory/types';

export const DB_NAME = 'claude-mem';

export interface UsageRow {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  calls: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export interface QuarantineRow {
  id: string;
  table: string;
  at: string;
  reason: string;
  record: unknown;
}

/** v1 as it shipped (0.1.0): stores written by it are upgraded from exactly this. */
export const SCHEMA_V1 = {
  memories: 'id, type, status, scope, createdAt, updatedAt, lastHitAt, hitCount, importance, source.chatId',
  chats: 'id, site, state, updatedAt, lastActivityAt',
  jobs: 'id, chatId, state, nextAttemptAt',
  injections: 'id, at, site',
  usage: 'day',
  meta: 'key',
  quarantine: 'id, table, at',
} as const;

/**
 * v2: only what a query filters or sorts on is indexed (memories by type and status; chats by
 * state, last change and last activity; jobs by chat, state and due time; injections, quarantine by
 * time), so writes such as an injection's hit count and time no longer update indexes.
 */
const SCHEMA_V2 = {
  memories: 'id, type, status',
  chats: 'id, state, updatedAt, lastActivityAt',
  jobs: 'id, chatId, state, nextAttemptAt',
  injections: 'id, at',
  usage: 'day',
  meta: 'key',
  quarantine: 'id, at',
} as const;

class MemDB extends Dexie {
  memories!: EntityTable<MemoryRecord, 'id'>;
  chats!: EntityTable<Chat, 'id'>;
  jobs!: EntityTable<Job, 'id'>;
  injections!: EntityTable<Injection, 'id'>;
  usage!: EntityTable<UsageRow, 'day'>;
  meta!: EntityTable<MetaRow, 'key'>;
  quarantine!: EntityTable<QuarantineRow, 'id'>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    // Dropping indexes changes no row: no upgrade function.
    this.version(2).stores(SCHEMA_V2);
  }
}

export const db = new MemDB();
