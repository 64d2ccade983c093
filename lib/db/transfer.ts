/**
 * Import and export of the memory JSON format against the store. Import is one transaction:
 * it either applies every row or none. Chats in a file are history, never work: they arrive
 * finished and already extracted (no job, nothing for the idle sweep), never replace a chat
 * the store already has, and a chat under a tombstone is not brought back. With a work handle
 * it reports its rows as it writes them and can be cancelled up to the last chunk (throwing
 * inside the transaction aborts it).
 */

import { withoutInvisible } from '../memory/invisible';
import { contentKey, normalizeContent } from '../memory/normalize';
import { isProtected, textReasons } from '../memory/review-rules';
import type { Space, SpaceId } from '../memory/spaces';
import type { Chat, MemoryRecord, ReviewReason } from '../memory/types';
import { versionOf } from '../memory/versions';
import type { ParsedMemoryFile } from '../memory-file/format';
import { tagsFor } from '../text/keywords';
import { now } from '../time';
import type { WorkHandle } from '../work/tracker';
import { db } from './db';
import { markHistoryDirty } from './history-index';
import { type KeptApartSpace, placeImported } from './import-spaces';
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
  /** Spaces the file made here (a space with the name of one here joins it). */
  spaces: number;
  /** Memories that arrived waiting for review, or changes to pinned and hand-edited ones. */
  proposed: number;
  /** Spaces of yours kept apart (isolated, archived) the file joined: its memories there wait. */
  keptApart?: KeptApartSpace[];
  /** The undo record of exactly what this import wrote (undo-log.ts). */
  undoId: string;
}

/**
 * A file's memory as it may enter the store: its own state, except that text which reads as an
 * instruction or carries a link, an e-mail address or markup arrives proposed, and invisible
 * characters are removed.
 */
function admitted(incoming: MemoryRecord): MemoryRecord | null {
  const cleaned = withoutInvisible(incoming.content);
  const content = cleaned.text.trim();
  if (!content) return null;
  const base: MemoryRecord =
    cleaned.removed > 0
      ? { ...incoming, content, tags: tagsFor(content), invisibleRemoved: cleaned.removed }
      : incoming;
  const reasons = textReasons(content);
  if (reasons.length === 0 || base.status !== 'active') return base;
  return { ...base, status: 'proposed', proposal: { reasons } };
}

/**
 * A file never moves a memory the store has into another space, nor out of its space to where
 * it would reach every chat: the memory keeps the space it has here.
 */
function inSpaceOf(incoming: MemoryRecord, current: MemoryRecord): MemoryRecord {
  if (incoming.space === current.space) return incoming;
  const { space: _file, ...rest } = incoming;
  return current.space === undefined ? rest : { ...rest, space: current.space };
}

/** A proposal that changes `current`, for the file's newer text of a memory the store holds. */
function proposedChange(incoming: MemoryRecord, current: MemoryRecord, reasons: ReviewReason[]): MemoryRecord {
  return {
    ...incoming,
    id: crypto.randomUUID(),
    status: 'proposed',
    pinned: false,
    supersededBy: null,
    proposal: { reasons, changes: current.id },
  };
}

/** A file written before dates (version 2 or older) leaves the memory's date here as it is. */
function withDateOf(incoming: MemoryRecord, current: MemoryRecord, knowsDates: boolean): MemoryRecord {
  if (knowsDates || incoming.when !== undefined || current.when === undefined) return incoming;
  return { ...incoming, when: current.when };
}

/**
 * Merges parsed memories and chats: same id keeps the newer `updatedAt`; same content+type is
 * skipped. A newer text of a stored memory keeps the old text as a version; for a pinned or
 * hand-edited memory, or a text that needs review, it waits as a proposal instead.
 */
export async function importParsed(file: ParsedMemoryFile, work?: WorkHandle): Promise<ImportReport> {
  const tombstones = await tombstonedChatIds();
  return db.transaction('rw', [db.memories, db.chats, db.meta, db.hdirty, db.spaces], async () => {
    const at = now();
    const placed = await placeImported(file.memories, file.spaces, at);
    const existing = await db.memories.toArray();
    const byId = new Map(existing.map((m) => [m.id, m]));
    const keys = new Set(existing.map((m) => contentKey(m.type, m.content)));
    const writes = new Map<string, MemoryRecord>();
    const report: Omit<ImportReport, 'undoId'> = {
      added: 0,
      updated: 0,
      skipped: 0,
      chats: 0,
      spaces: placed.made.length,
      proposed: 0,
      ...(placed.keptApart.size > 0 ? { keptApart: [...placed.keptApart.values()] } : {}),
    };
    const before = new Map(existing.map((m) => [m.id, m]));
    const put = (m: MemoryRecord) => {
      writes.set(m.id, m);
      byId.set(m.id, m);
      if (m.status === 'proposed') report.proposed++;
    };
    work?.phase('merge', placed.memories.length);
    for (const raw of placed.memories) {
      work?.advance();
      const checked = admitted(raw);
      if (!checked) {
        report.skipped++;
        continue;
      }
      const current = byId.get(checked.id);
      const incoming = current ? inSpaceOf(checked, current) : checked;
      if (current) {
        if (incoming.updatedAt <= current.updatedAt) {
          report.skipped++;
          continue;
        }
        // A proposal waiting here leaves review only through accept: a file holding it in
        // another state (an export made while it was accepted) does not decide for the user.
        if (current.status === 'proposed' && incoming.status !== 'proposed') {
          report.skipped++;
          continue;
        }
        const textChanged = normalizeContent(incoming.content) !== normalizeContent(current.content);
        const reasons = textChanged ? textReasons(incoming.content) : [];
        if (textChanged && (isProtected(current) || reasons.length > 0)) {
          put(proposedChange(incoming, current, isProtected(current) ? [...reasons, 'changes-protected'] : reasons));
          continue;
        }
        if (!textChanged && isProtected(current)) {
          report.skipped++;
          continue;
        }
        const merged: MemoryRecord = { ...withDateOf(incoming, current, file.knowsDates), feedback: current.feedback };
        if (textChanged && current.status === 'active') put(versionOf(current, at));
        put(merged);
        report.updated++;
        continue;
      }
      const key = contentKey(incoming.type, incoming.content);
      if (keys.has(key)) {
        report.skipped++;
        continue;
      }
      keys.add(key);
      put(incoming);
      report.added++;
    }
    const rows = [...writes.values()].map((m) => withKnownTarget(m, byId));
    await putInChunks(db.memories, rows, work);
    const chats = await addHistory(
      file.chats.map((c) => inFileSpace(c, placed.ids, at)),
      tombstones,
      at,
    );
    const undoId = await recordUndo('import', {
      memories: rows.map((w) => ({ id: w.id, before: before.get(w.id) ?? null, after: w })),
      chats: chats.map((c) => ({ id: c.id, before: null, after: c })),
      spaces: placed.made.map((s) => ({ id: s.id, before: null, after: s })),
    });
    return { ...report, chats: chats.length, undoId };
  });
}

/** A proposal naming a memory neither the file nor the store holds is a plain proposal. */
function withKnownTarget(m: MemoryRecord, byId: ReadonlyMap<string, MemoryRecord>): MemoryRecord {
  const changes = m.proposal?.changes;
  if (!changes || byId.has(changes) || !m.proposal) return m;
  return { ...m, proposal: { reasons: m.proposal.reasons } };
}

/**
 * A file's chat in the space the file's own space of that id landed in here (matched by name,
 * like its memories), or in none. Nothing else a file says about a chat's space holds: not an
 * id of the store's, not that the user chose it, not a site project (a project would put it in
 * whichever space the user maps that project to).
 */
function inFileSpace(chat: Chat, ids: ReadonlyMap<string, SpaceId | null>, at: string): Chat {
  const { space, spaceBy: _by, project: _project, spaceAt: _at, ...rest } = chat;
  const here = space === undefined ? null : (ids.get(space) ?? null);
  return here === null ? rest : { ...rest, space: here, spaceAt: at };
}

/**
 * A chat from a file as history: finished, extracted up to its version, brought in `at` (what the
 * file says of that is not taken); excluded stays excluded, empty.
 */
function asHistory(chat: Chat, at: string): Chat {
  if (chat.state === 'excluded') return { ...chat, title: '', turns: [], summary: '', importedAt: at };
  return { ...chat, state: 'finished', extractedVersion: chat.version, origin: 'imported', importedAt: at };
}

/** Adds the chats the store does not have yet; returns the records written. */
async function addHistory(chats: readonly Chat[], tombstones: ReadonlySet<string>, at: string): Promise<Chat[]> {
  const candidates = chats.filter((c) => !tombstones.has(c.id));
  if (candidates.length === 0) return [];
  const current = await db.chats.bulkGet(candidates.map((c) => c.id));
  const writes = candidates.filter((_, i) => !current[i]).map((c) => asHistory(c, at));
  await db.chats.bulkPut(writes);
  await markHistoryDirty(writes.map((c) => c.id));
  return writes;
}

export async function readAllForExport(): Promise<{ memories: MemoryRecord[]; chats: Chat[]; spaces: Space[] }> {
  return db.transaction('r', db.memories, db.chats, db.spaces, async () => ({
    memories: await db.memories.toArray(),
    chats: await db.chats.toArray(),
    spaces: await db.spaces.toArray(),
  }));
}
