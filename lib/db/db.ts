/**
 * The one Dexie database. Only modules in lib/db/ import it; everyone else calls their
 * repository functions. Each version repeats the full schema (Dexie's advice) and names the
 * release that introduced it; every upgrade has a test on fake-indexeddb.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { ToolCall } from '../bridge/tool-call';
import type { Space } from '../memory/spaces';
import type { Chat, Injection, Job, MemoryRecord } from '../memory/types';
import type { RequestCall } from '../request-keywords/request-call';
import type { TidyProposalRow } from '../tidy/proposal';

export const DB_NAME = 'claude-mem';

export interface UsageRow {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  inputTokens: number;
  outputTokens: number;
  /** Cost of the calls priced in USD. */
  costUsd: number;
  /** Cost of the calls priced in CNY (providers that bill in yuan); absent in older rows. */
  costCny?: number;
  /** Tokens of calls whose price is unknown (a custom endpoint or an unlisted model). */
  unpricedTokens?: number;
  calls: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * A memory's ranking-index fields as the ranker computed them (lib/db/memory-terms.ts): `v` the
 * index version that computed them, `h` a hash of what they were computed from, `t` every
 * field's terms in one flat string (10,000 strings load far faster than 500,000).
 */
export interface TermsRow {
  id: string;
  v: number;
  h: number;
  t: string;
}

/**
 * One message the user sent in a tab, as the content script saw the trusted send: `key` is the
 * text's match key (lib/memory/sent-key.ts). Unclaimed (`chatId` null) until a capture from the
 * same tab shows a user turn with that key; then it names the chat whose turn it proves sent.
 */
export interface SendRow {
  id: string;
  tabId: number;
  site: string;
  key: string;
  at: string;
  chatId: string | null;
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

/** v2: the ranking index is stored (0.2.0). */
export const SCHEMA_V2 = { ...SCHEMA_V1, terms: 'id' } as const;

/**
 * v3: only what a query filters or sorts on is indexed (memories by type and status; chats by
 * state, last change and last activity; jobs by chat, state and due time; injections, quarantine by
 * time), so writes such as an injection's hit count and time no longer update indexes.
 */
export const SCHEMA_V3 = {
  memories: 'id, type, status',
  chats: 'id, state, updatedAt, lastActivityAt',
  jobs: 'id, chatId, state, nextAttemptAt',
  injections: 'id, at',
  usage: 'day',
  meta: 'key',
  quarantine: 'id, at',
  terms: 'id',
} as const;

/** v4: the user's sends, so a chat's user turns are known to be typed here (provenance). */
const SCHEMA_V4 = { ...SCHEMA_V3, sends: 'id, tabId, chatId' } as const;
/** v5: desktop tools' calls, for Activity (which client, which tool, the query, what went out). */
const SCHEMA_V5 = { ...SCHEMA_V4, toolCalls: 'id, at' } as const;

/**
 * v6: chat history search (lib/history/). `hterms` holds a bucket of terms' packed postings
 * per segment, keyed [bucket+segment] so a query reads a term's bucket with one key range; `hchats`
 * gives each indexed chat a small number; `hdirty` lists chats whose index is behind (written
 * in the same transaction as the chat, so a worker stopped mid-way loses nothing); `hdead` lists
 * forgotten chats whose postings are still to be purged, with the terms to purge them from.
 */
export const SCHEMA_V6 = { ...SCHEMA_V5, hterms: '[t+s]', hchats: 'n, &id', hdirty: 'id', hdead: 'n' } as const;

/**
 * v7: tidy-up's proposals (lib/db/tidy-proposals.ts), one row per group the model judged, kept
 * apart from the memories so a proposal is never injected, exported or used to supersede
 * before the user accepts it; listed by state.
 */
export const SCHEMA_V7 = { ...SCHEMA_V6, tidy: 'id, state' } as const;

/** v8: request keywords calls, for Activity (when, which site, tokens, the keywords that came back). */
export const SCHEMA_V8 = { ...SCHEMA_V7, requestCalls: 'id, at' } as const;

/**
 * v9: sync (lib/sync/), what each record last synced as: `id` the record's sync key (`m:<id>`,
 * `r:<group>`), `h` the hash of what travelled. A record whose hash differs changed here since.
 */
const SCHEMA_V9 = { ...SCHEMA_V8, synced: 'id' } as const;

/** v10: spaces (lib/memory/spaces.ts), one row each; memories and chats name theirs by id. */
export const SCHEMA_V10 = { ...SCHEMA_V9, spaces: 'id' } as const;

export interface SyncedRow {
  id: string;
  h: string;
  /** The latest change time the synced state records: an older state arriving later is a replay. */
  c?: string;
}

/**
 * One segment of one bucket of terms, each with its packed postings (lib/history/buckets.ts);
 * segment 0 is the merged one.
 */
export interface HistoryTermRow {
  /** The bucket (a hash of the term). */
  t: number;
  s: number;
  d: Uint8Array;
}

/** An indexed chat: its number in the postings, and what of it is indexed. */
export interface HistoryChatRow {
  n: number;
  id: string;
  site: string;
  /** Last change, epoch ms: the date filter and recency. */
  at: number;
  /** Fingerprints of the indexed turns, in order (lib/history/batch.ts turnHash). */
  h: number[];
}

export interface HistoryDeadRow {
  n: number;
  /** Every term the chat's postings may sit under. */
  terms: string[];
}

export class MemDB extends Dexie {
  memories!: EntityTable<MemoryRecord, 'id'>;
  chats!: EntityTable<Chat, 'id'>;
  jobs!: EntityTable<Job, 'id'>;
  injections!: EntityTable<Injection, 'id'>;
  usage!: EntityTable<UsageRow, 'day'>;
  meta!: EntityTable<MetaRow, 'key'>;
  quarantine!: EntityTable<QuarantineRow, 'id'>;
  terms!: EntityTable<TermsRow, 'id'>;
  sends!: EntityTable<SendRow, 'id'>;
  toolCalls!: EntityTable<ToolCall, 'id'>;
  hterms!: Dexie.Table<HistoryTermRow, [number, number]>;
  hchats!: EntityTable<HistoryChatRow, 'n'>;
  hdirty!: EntityTable<{ id: string }, 'id'>;
  hdead!: EntityTable<HistoryDeadRow, 'n'>;
  tidy!: EntityTable<TidyProposalRow, 'id'>;
  requestCalls!: EntityTable<RequestCall, 'id'>;
  synced!: EntityTable<SyncedRow, 'id'>;
  spaces!: EntityTable<Space, 'id'>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    // v2: nothing to copy, the first load fills the stored index.
    this.version(2).stores(SCHEMA_V2);
    // v3: dropping indexes changes no row, so no upgrade function.
    this.version(3).stores(SCHEMA_V3);
    // v4: a new table; no row changes (memories without `origin` were written before it existed).
    this.version(4).stores(SCHEMA_V4);
    // v5: a new table, nothing to copy.
    this.version(5).stores(SCHEMA_V5);
    // v6: every chat kept so far is listed for indexing (keys only, so thousands of chats take
    // one quick pass); the background indexes them in batches after the upgrade.
    this.version(6)
      .stores(SCHEMA_V6)
      .upgrade(async (tx) => {
        const ids = (await tx.table('chats').toCollection().primaryKeys()) as string[];
        await tx.table('hdirty').bulkPut(ids.map((id) => ({ id })));
      });
    // v7: a new table, nothing to copy.
    this.version(7).stores(SCHEMA_V7);
    // v8: a new table, nothing to copy.
    this.version(8).stores(SCHEMA_V8);
    // v9: a new table, empty until sync is turned on.
    this.version(9).stores(SCHEMA_V9);
    // v10: a new table; every memory and chat stays where it was (no space: Everywhere).
    this.version(10).stores(SCHEMA_V10);
  }
}

export const db = new MemDB();
