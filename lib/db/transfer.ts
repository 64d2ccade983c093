/**
 * Import and export of the memory JSON format against the store. Import is one transaction:
 * it either applies every row or none. Chats in a file are history, never work: they arrive
 * finished and already extracted (no job, nothing for the idle sweep), never replace a chat
 * the store already has, and a chat under a tombstone is not brought back. With a work handle
 * it reports its rows as it writes them and can be cancelled up to the last chunk (throwing
 * inside the transaction aborts it).
 */

import { contentKey } from '../memory/normalize';
import type { Chat, MemoryRecord } from '../memory/types';
import type { ParsedMemoryFile } from '../memory-file/format';
import type { WorkHandle } from '../work/tracker';
import { db } from './db';
import { markHistoryDirty } from './history-index';
import { tombstonedChatIds } from './tombstones';
import { recordUndo } from './undo-log';

const WRITE_CHUNK = 1000;

/** Writes rows in chunks inside the caller's transaction, reporting each and checking cancel. */
export async function putInChunks(
  table: typeof db.memories,
  rows: readonly MemoryRecord[],
  work?: WorkHandle,
): Promise<void> {
  work?.phase('write', rows.length);
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    work?.checkpoint();
    if (i + WRITE_CHUNK >= rows.length) work?.committing();
    await table.bulkPut(rows.slice(i, i + WRITE_CHUNK));
    work?.set(i + WRITE_CHUNK);
  }
}

export interface ImportReport {
  added: number;
  updated: number;
  skipped: number;
  chats: number;
  /** The undo record of exactly what this import wrote (undo-log.ts). */
  undoId: string;
}

/** Merges parsed memories and chats: same id keeps the newer `updatedAt`; same content+type is skipped. */
export async function importParsed(file: ParsedMemoryFile, work?: WorkHandle): Promise<ImportReport> {
  const tombstones = await tombstonedChatIds();
  return db.transaction('rw', db.memories, db.chats, db.meta, db.hdirty, async () => {
    const existing = await db.memories.toArray();
    const byId = new Map(existing.map((m) => [m.id, m]));
    const keys = new Set(existing.map((m) => contentKey(m.type, m.content)));
    const writes: MemoryRecord[] = [];
    const report: Omit<ImportReport, 'undoId'> = { added: 0, updated: 0, skipped: 0, chats: 0 };
    const before = new Map(existing.map((m) => [m.id, m]));
    work?.phase('merge', file.memories.length);
    for (const incoming of file.memories) {
      work?.advance();
      const current = byId.get(incoming.id);
      if (current) {
        if (incoming.updatedAt > current.updatedAt) {
          const merged = { ...incoming, feedback: current.feedback };
          writes.push(merged);
          byId.set(incoming.id, merged);
          report.updated++;
        } else report.skipped++;
        continue;
      }
      const key = contentKey(incoming.type, incoming.content);
      if (keys.has(key)) {
        report.skipped++;
        continue;
      }
      keys.add(key);
      byId.set(incoming.id, incoming);
      writes.push(incoming);
      report.added++;
    }
    await putInChunks(db.memories, writes, work);
    const chats = await addHistory(file.chats, tombstones);
    const undoId = await recordUndo('import', {
      memories: writes.map((w) => ({ id: w.id, before: before.get(w.id) ?? null, after: w })),
      chats: chats.map((c) => ({ id: c.id, before: null, after: c })),
    });
    return { ...report, chats: chats.length, undoId };
  });
}

/** A chat from a file as history: finished, extracted up to its version; excluded stays excluded, empty. */
function asHistory(chat: Chat): Chat {
  if (chat.state === 'excluded') return { ...chat, title: '', turns: [], summary: '' };
  return { ...chat, state: 'finished', extractedVersion: chat.version, origin: 'imported' };
}

/** Adds the chats the store does not have yet; returns the records written. */
async function addHistory(chats: readonly Chat[], tombstones: ReadonlySet<string>): Promise<Chat[]> {
  const candidates = chats.filter((c) => !tombstones.has(c.id));
  if (candidates.length === 0) return [];
  const current = await db.chats.bulkGet(candidates.map((c) => c.id));
  const writes = candidates.filter((_, i) => !current[i]).map(asHistory);
  await db.chats.bulkPut(writes);
  await markHistoryDirty(writes.map((c) => c.id));
  return writes;
}

export async function readAllForExport(): Promise<{ memories: MemoryRecord[]; chats: Chat[] }> {
  return db.transaction('r', db.memories, db.chats, async () => ({
    memories: await db.memories.toArray(),
    chats: await db.chats.toArray(),
  }));
}
