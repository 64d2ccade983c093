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
import { PostingBatch, termsOfTexts, turnHash } from '../history/batch';
import type { Chat } from '../memory/types';
import { db, type HistoryChatRow, type HistoryTermRow } from './db';

const NEXT_CHAT = 'history.nextChat';
const PUT_CHUNK = 2_000;
const NEXT_SEGMENT = 'history.nextSegment';
/** Segments written since the last merge: many small ones make a query read many rows. */
export const SEGMENTS_SINCE_MERGE = 'history.segmentsSinceMerge';

let generation = 0;

/** Changes whenever chats enter or leave the index: searches reload their numbers then. */
export function indexGeneration(): number {
  return generation;
}

/** Bumps the generation now and again when the current transaction commits (a search in between would read the old rows). */
function bumpGeneration(): void {
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
export async function forgetInIndex(chatId: string, texts: readonly string[]): Promise<void> {
  const row = await db.hchats.where('id').equals(chatId).first();
  if (!row) return;
  bumpGeneration();
  await db.hchats.delete(row.n);
  await db.hdead.put({ n: row.n, terms: termsOfTexts(texts) });
}

function sameStart(indexed: readonly number[], now: readonly number[]): boolean {
  return indexed.length <= now.length && indexed.every((h, i) => h === now[i]);
}

interface Plan {
  row: HistoryChatRow;
  from: number;
  chat: Chat;
}

/** What to index of one chat; null when it has nothing searchable any more. */
async function planChat(id: string, chat: Chat | undefined, old: HistoryChatRow | undefined, next: () => number) {
  const live = chat && chat.state !== 'excluded' && chat.turns.length > 0;
  if (!live) {
    if (old) {
      await db.hchats.delete(old.n);
      // The text is gone already: no terms to purge by; the next merge drops the postings.
      await db.hdead.put({ n: old.n, terms: [] });
    }
    return null;
  }
  const hashes = chat.turns.map((t) => turnHash(t.role, t.text));
  const at = Date.parse(chat.updatedAt) || 0;
  if (old && sameStart(old.h, hashes)) {
    return { row: { ...old, site: chat.site, at, h: hashes }, from: old.h.length, chat } satisfies Plan;
  }
  if (old) {
    await db.hchats.delete(old.n);
    await db.hdead.put({ n: old.n, terms: termsOfTexts(chat.turns.map((t) => t.text)) });
  }
  return { row: { n: next(), id, site: chat.site, at, h: hashes }, from: 0, chat } satisfies Plan;
}

/**
 * Indexes up to `limit` listed chats (or fewer, up to about `maxChars` of new text) in one
 * transaction; returns how many it took off the list (0: the index is up to date).
 */
export async function indexPending(limit = 200, maxChars = 4_000_000): Promise<number> {
  return db.transaction('rw', [db.chats, db.hchats, db.hterms, db.hdirty, db.hdead, db.meta], async () => {
    const ids = await db.hdirty.limit(limit).primaryKeys();
    if (ids.length === 0) return 0;
    bumpGeneration();
    const chats = await db.chats.bulkGet(ids);
    const olds = new Map((await db.hchats.where('id').anyOf(ids).toArray()).map((r) => [r.id, r]));
    let nextChat = await counter(NEXT_CHAT, 1);
    const batch = new PostingBatch();
    let chars = 0;
    let taken = 0;
    for (const [i, id] of ids.entries()) {
      if (chars >= maxChars) break;
      taken++;
      const plan = await planChat(id, chats[i], olds.get(id), () => nextChat++);
      if (!plan) continue;
      const { row, from, chat } = plan;
      for (let t = from; t < chat.turns.length; t++) {
        const text = chat.turns[t]!.text;
        chars += text.length;
        batch.addTurn(row.n, t, text);
      }
      await db.hchats.put(row);
    }
    if (batch.size > 0) {
      const s = await counter(NEXT_SEGMENT, 1);
      // In chunks: one request list of 100,000 puts is slow in some IndexedDB implementations.
      let rows: HistoryTermRow[] = [];
      for (const r of batch.rows()) {
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
    await db.meta.put({ key: NEXT_CHAT, value: nextChat });
    await db.hdirty.bulkDelete(ids.slice(0, taken));
    return taken;
  });
}
