/**
 * The chat history index in IndexedDB (schema v4): keeping it in step with the chats.
 * Whatever writes a chat lists it in `hdirty` in the same transaction (`markHistoryDirty`);
 * `indexPending` then indexes listed chats in batches, each batch one transaction that also
 * clears its entries, so a worker stopped at any point resumes where it was. A chat that only
 * grew gets just its new turns indexed; one whose earlier turns changed gets a new number
 * and is indexed again. Forgotten chats (deleted, "don't remember", transcript dropped) leave
 * their number in `hdead` with their terms, and `purgeForgotten` removes their postings.
 */

import { Dexie } from 'dexie';
import { type BucketRow, PostingBatch, termsOfTexts, turnHash } from '../history/batch';
import type { Chat } from '../memory/types';
import { db, type HistoryChatRow, type HistoryTermRow, type MemDB } from './db';

const NEXT_CHAT = 'history.nextChat';
const PUT_CHUNK = 2_000;
/** How long planning a batch holds the event loop at most before letting other work run. */
const PAUSE_EVERY_MS = 30;
const NEXT_SEGMENT = 'history.nextSegment';
/** Segments written since the last merge: many small ones make a query read many rows. */
export const SEGMENTS_SINCE_MERGE = 'history.segmentsSinceMerge';

let generation = 0;

/** Changes whenever chats enter or leave the index: searches reload their numbers then. */
export function indexGeneration(): number {
  return generation;
}

/**
 * Bumps the generation now and again when the current transaction commits (a search in between
 * would read the old rows). Whatever rewrites postings calls it: searches keep decoded lists.
 */
export function bumpGeneration(): void {
  generation++;
  Dexie.currentTransaction?.on('complete', () => {
    generation++;
  });
}

async function counter(key: string, start: number): Promise<number> {
  return ((await db.meta.get(key))?.value as number | undefined) ?? start;
}

/** Lists chats whose index is behind; call inside the transaction that changed them. */
export async function markHistoryDirty(ids: readonly string[]): Promise<void> {
  await db.hdirty.bulkPut(ids.map((id) => ({ id })));
}

/**
 * Takes a chat out of search at once and queues the purge of its postings. `texts` are the
 * chat's indexed texts (the purge needs their terms); call inside a transaction that holds
 * `hchats` and `hdead`, the one that removes the text.
 */
export async function forgetInIndex(chatId: string, texts: readonly string[], store: MemDB = db): Promise<void> {
  const row = await store.hchats.where('id').equals(chatId).first();
  if (!row) return;
  bumpGeneration();
  await store.hchats.delete(row.n);
  await store.hdead.put({ n: row.n, terms: termsOfTexts(texts) });
}

function sameStart(indexed: readonly number[], now: readonly number[]): boolean {
  return indexed.length <= now.length && indexed.every((h, i) => h === now[i]);
}

const sameHashes = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((h, i) => h === b[i]));

/** The listed chats as they were read: what a batch is planned from. */
interface Snapshot {
  ids: string[];
  chats: (Chat | undefined)[];
  olds: Map<string, HistoryChatRow>;
  nextChat: number;
}

/** What to do for one listed chat. `hashes` is what its plan was made from (null: no text). */
interface Step {
  id: string;
  old: HistoryChatRow | undefined;
  hashes: number[] | null;
  /** The row to store, absent when the chat has nothing searchable any more. */
  row?: HistoryChatRow;
  /** Set when the chat's old number must be purged: the terms to purge it from. */
  dead?: string[];
}

const hashesOf = (chat: Chat | undefined) =>
  chat && chat.state !== 'excluded' && chat.turns.length > 0 ? chat.turns.map((t) => turnHash(t.role, t.text)) : null;

/** Plans one chat and adds the turns to index to the batch; returns the characters added. */
function planChat(
  id: string,
  chat: Chat | undefined,
  old: HistoryChatRow | undefined,
  snap: Snapshot,
  batch: PostingBatch,
) {
  const hashes = hashesOf(chat);
  const step: Step = { id, old, hashes };
  if (!chat || !hashes) {
    // The text is gone already: no terms to purge by; the next merge drops the postings.
    if (old) step.dead = [];
    return { step, chars: 0 };
  }
  const at = Date.parse(chat.updatedAt) || 0;
  let from = 0;
  if (old && sameStart(old.h, hashes)) {
    step.row = { ...old, site: chat.site, at, h: hashes };
    from = old.h.length;
  } else {
    if (old) step.dead = termsOfTexts(chat.turns.map((t) => t.text));
    step.row = { n: snap.nextChat++, id, site: chat.site, at, h: hashes };
  }
  let chars = 0;
  for (let t = from; t < chat.turns.length; t++) {
    const text = chat.turns[t]!.text;
    chars += text.length;
    batch.addTurn(step.row.n, t, text);
  }
  return { step, chars };
}

/**
 * Plans up to `maxChars` of new text. `pause` (outside a transaction only) lets the event loop
 * run between chats, so a search or any other message is answered while a batch is planned.
 */
async function plan(snap: Snapshot, maxChars: number, pause: (() => Promise<void>) | null) {
  const batch = new PostingBatch();
  const steps: Step[] = [];
  let chars = 0;
  for (const [i, id] of snap.ids.entries()) {
    if (chars >= maxChars) break;
    const planned = planChat(id, snap.chats[i], snap.olds.get(id), snap, batch);
    steps.push(planned.step);
    chars += planned.chars;
    if (pause) await pause();
  }
  return { rows: await batch.rows(pause), steps };
}

async function readSnapshot(limit: number): Promise<Snapshot> {
  const ids = await db.hdirty.limit(limit).primaryKeys();
  const chats = ids.length > 0 ? await db.chats.bulkGet(ids) : [];
  const olds = new Map((await db.hchats.where('id').anyOf(ids).toArray()).map((r) => [r.id, r]));
  return { ids, chats, olds, nextChat: await counter(NEXT_CHAT, 1) };
}

/** Writes a planned batch; call inside the rw transaction. */
async function write(snap: Snapshot, steps: readonly Step[], packed: readonly BucketRow[]): Promise<void> {
  bumpGeneration();
  for (const { old, row, dead } of steps) {
    if (old && dead) {
      await db.hchats.delete(old.n);
      await db.hdead.put({ n: old.n, terms: dead });
    }
    if (row) await db.hchats.put(row);
  }
  if (packed.length > 0) {
    const s = await counter(NEXT_SEGMENT, 1);
    // In chunks: one request list of 100,000 puts is slow in some IndexedDB implementations.
    let rows: HistoryTermRow[] = [];
    for (const r of packed) {
      rows.push({ t: r.bucket, s, d: r.data });
      if (rows.length >= PUT_CHUNK) {
        await db.hterms.bulkPut(rows);
        rows = [];
      }
    }
    await db.hterms.bulkPut(rows);
    await db.meta.put({ key: NEXT_SEGMENT, value: s + 1 });
    await db.meta.put({ key: SEGMENTS_SINCE_MERGE, value: (await counter(SEGMENTS_SINCE_MERGE, 0)) + 1 });
  }
  await db.meta.put({ key: NEXT_CHAT, value: snap.nextChat });
  await db.hdirty.bulkDelete(steps.map((s) => s.id));
}

const INDEX_TABLES = () => [db.chats, db.hchats, db.hterms, db.hdirty, db.hdead, db.meta];

/** Whether the planned chats are still as they were read (text, index row, numbering). */
async function unchanged(steps: readonly Step[], firstNumber: number): Promise<boolean> {
  const ids = steps.map((s) => s.id);
  const [chats, rows, listed, next] = await Promise.all([
    db.chats.bulkGet(ids),
    db.hchats.where('id').anyOf(ids).toArray(),
    db.hdirty.bulkGet(ids),
    counter(NEXT_CHAT, 1),
  ]);
  if (next !== firstNumber || listed.some((r) => !r)) return false;
  const now = new Map(rows.map((r) => [r.id, r]));
  return steps.every((step, i) => {
    const row = now.get(step.id);
    const same = row === step.old || (row && step.old && row.n === step.old.n && sameHashes(row.h, step.old.h));
    return same && sameHashes(hashesOf(chats[i]), step.hashes);
  });
}

/** Lets other work (a search, a message) run between chats of a batch being planned. */
function breathe(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The whole batch in one transaction: what a batch falls back to when its chats changed meanwhile. */
function indexLocked(limit: number, maxChars: number): Promise<number> {
  return db.transaction('rw', INDEX_TABLES(), async () => {
    const snap = await readSnapshot(limit);
    if (snap.ids.length === 0) return 0;
    const { rows, steps } = await plan(snap, maxChars, null);
    await write(snap, steps, rows);
    return steps.length;
  });
}

/**
 * Indexes up to `limit` listed chats (or fewer, up to about `maxChars` of new text); returns
 * how many it took off the list (0: the index is up to date). The chats are read in one
 * transaction, their terms counted outside any (a batch takes seconds of CPU, which would
 * otherwise hold every reader of these tables waiting), and written in a second one that first
 * checks nothing it planned from has changed; if something has, the batch is done again inside
 * one transaction. Either way the batch's writes and the clearing of its list entries commit
 * together, so a worker stopped at any point resumes where it was.
 */
export async function indexPending(
  limit = 600,
  maxChars = 8_000_000,
  /** Runs between planning and writing (tests change chats there). */
  beforeWrite?: () => Promise<unknown>,
): Promise<number> {
  const snap = await db.transaction('r', [db.chats, db.hchats, db.hdirty, db.meta], () => readSnapshot(limit));
  if (snap.ids.length === 0) return 0;
  const firstNumber = snap.nextChat;
  let last = performance.now();
  const pause = async () => {
    if (performance.now() - last < PAUSE_EVERY_MS) return;
    await breathe();
    last = performance.now();
  };
  const { rows, steps } = await plan(snap, maxChars, pause);
  await beforeWrite?.();
  const done = await db.transaction('rw', INDEX_TABLES(), async () => {
    if (!(await unchanged(steps, firstNumber))) return false;
    await write(snap, steps, rows);
    return true;
  });
  return done ? steps.length : indexLocked(limit, maxChars);
}
