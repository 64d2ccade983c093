/**
 * Undo of the store-wide actions (import, bring-in, restore, an accepted tidy-up proposal) as exactly what each did: every
 * memory and chat it wrote, with the record before and after, and the settings it changed. An
 * undo puts back only what is still as the action left it; anything changed since (an
 * extraction, a hand edit, a capture) is left alone and counted, so an undo never loses later
 * work. Records live in the store's `meta` table, are written in the action's own transaction,
 * and expire after a day or once nothing of them can be applied any more.
 */
import type { Space } from '../memory/spaces';
import type { Chat, MemoryRecord } from '../memory/types';
import { sameChat, sameMemory, valueAt } from '../memory/undo-compare';
import { applySettingsChanges, type SettingChange } from '../settings/import-rules';
import type { Settings } from '../settings/schema';
import { now } from '../time';
import { db } from './db';
import { forgetInIndex, markHistoryDirty } from './history-index';
import { loadSettings, saveSettings } from './settings-store';
import { tombstonedChatIds } from './tombstones';

export const UNDO_KINDS = ['import', 'bring-in', 'restore', 'tidy'] as const;
export type UndoKind = (typeof UNDO_KINDS)[number];
const UNDO_TTL_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'undo:';

export interface Change<T> {
  id: string;
  before: T | null;
  after: T | null;
}

export interface UndoRecord {
  id: string;
  kind: UndoKind;
  at: string;
  memories: Change<MemoryRecord>[];
  chats: Change<Chat>[];
  settings: SettingChange[];
  /** Spaces the action made (absent in records of older builds). */
  spaces?: Change<Space>[];
}

export interface UndoOutcome {
  /** Memories, chats and settings put back as they were before the action. */
  reverted: number;
  /** Records and settings changed again since the action, left as they are. */
  changedSince: number;
}

export class UndoUnavailable extends Error {}

/** The changes between two lists of records, by id; unchanged records are left out. */
export function changesOf<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  same: (a: T, b: T) => boolean,
): Change<T>[] {
  const old = new Map(before.map((r) => [r.id, r]));
  const out: Change<T>[] = [];
  for (const r of after) {
    const was = old.get(r.id) ?? null;
    old.delete(r.id);
    if (!was || !same(was, r)) out.push({ id: r.id, before: was, after: r });
  }
  for (const was of old.values()) out.push({ id: was.id, before: was, after: null });
  return out;
}

/** Stores the record; call inside the action's transaction (with `db.meta`) so both land or neither. */
export async function recordUndo(
  kind: UndoKind,
  changes: {
    memories?: Change<MemoryRecord>[];
    chats?: Change<Chat>[];
    settings?: SettingChange[];
    spaces?: Change<Space>[];
  },
): Promise<string> {
  const record: UndoRecord = {
    id: crypto.randomUUID(),
    kind,
    at: now(),
    memories: changes.memories ?? [],
    chats: changes.chats ?? [],
    settings: changes.settings ?? [],
    ...(changes.spaces?.length ? { spaces: changes.spaces } : {}),
  };
  await pruneUndo();
  await db.meta.put({ key: PREFIX + record.id, value: record });
  return record.id;
}

/** Adds settings an action changed later (an import's confirmed Apply) to its record. */
export async function addSettingsToUndo(id: string, settings: readonly SettingChange[]): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(PREFIX + id);
    if (!row) return;
    const record = row.value as UndoRecord;
    await db.meta.put({ key: row.key, value: { ...record, settings: [...record.settings, ...settings] } });
  });
}

function expired(record: UndoRecord, at: string): boolean {
  return Date.parse(at) - Date.parse(record.at) > UNDO_TTL_MS;
}

/** Drops records older than a day (each new record prunes; so does every undo). */
async function pruneUndo(): Promise<number> {
  const at = now();
  const rows = await db.meta.where('key').startsWith(PREFIX).toArray();
  const old = rows.filter((r) => expired(r.value as UndoRecord, at)).map((r) => r.key);
  await db.meta.bulkDelete(old);
  return old.length;
}

/** A chat deleted or not to be remembered: no undo record keeps its text or can bring it back. */
export async function forgetChatInUndo(chatId: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    for (const row of await db.meta.where('key').startsWith(PREFIX).toArray()) {
      const record = row.value as UndoRecord;
      if (!record.chats.some((c) => c.id === chatId)) continue;
      await db.meta.put({ key: row.key, value: { ...record, chats: record.chats.filter((c) => c.id !== chatId) } });
    }
  });
}

async function revertMemories(changes: readonly Change<MemoryRecord>[], out: UndoOutcome): Promise<void> {
  const current = await db.memories.bulkGet(changes.map((c) => c.id));
  changes.forEach((change, i) => {
    if (!sameMemory(current[i] ?? null, change.after)) out.changedSince++;
  });
  const clean = changes.filter((change, i) => sameMemory(current[i] ?? null, change.after));
  await db.memories.bulkDelete(clean.filter((c) => !c.before).map((c) => c.id));
  await db.memories.bulkPut(clean.flatMap((c) => (c.before ? [c.before] : [])));
  out.reverted += clean.length;
}

async function revertChats(
  changes: readonly Change<Chat>[],
  forgotten: ReadonlySet<string>,
  out: UndoOutcome,
): Promise<void> {
  // A forgotten chat is never written back, whatever the record says.
  const live = changes.filter((c) => !forgotten.has(c.id));
  const current = await db.chats.bulkGet(live.map((c) => c.id));
  const clean = live.filter((change, i) => sameChat(current[i] ?? null, change.after));
  out.changedSince += live.length - clean.length;
  const removed = clean.filter((c) => !c.before);
  await db.chats.bulkDelete(removed.map((c) => c.id));
  await db.chats.bulkPut(clean.flatMap((c) => (c.before ? [c.before] : [])));
  // Search follows in the same transaction: a removed chat leaves it at once, a chat put back
  // is indexed again as it was.
  for (const c of removed) await forgetInIndex(c.id, c.after?.turns.map((t) => t.text) ?? []);
  await markHistoryDirty(clean.filter((c) => c.before).map((c) => c.id));
  out.reverted += clean.length;
}

/**
 * Spaces the action made go again when they are as it left them and hold nothing (no memory of
 * any status, no chat): a space the user renamed, mapped or put something in since stays.
 */
async function revertSpaces(changes: readonly Change<Space>[], out: UndoOutcome): Promise<void> {
  const made = changes.filter((c) => c.before === null && c.after !== null);
  if (made.length === 0) return;
  const used = new Set<string>();
  await db.memories.each((m) => m.space !== undefined && used.add(m.space));
  await db.chats.each((c) => c.space !== undefined && used.add(c.space));
  const current = await db.spaces.bulkGet(made.map((c) => c.id));
  const gone = made.filter((c, i) => current[i] && sameSpace(current[i], c.after!) && !used.has(c.id));
  out.changedSince += made.filter((c, i) => current[i] && !gone.includes(c)).length;
  await db.spaces.bulkDelete(gone.map((c) => c.id));
  out.reverted += gone.length;
}

const sameSpace = (a: Space, b: Space) => JSON.stringify(a) === JSON.stringify(b);

async function revertSettings(changes: readonly SettingChange[], out: UndoOutcome): Promise<void> {
  if (changes.length === 0) return;
  const current: Settings = await loadSettings();
  const clean = changes.filter((c) => JSON.stringify(valueAt(current, c.path)) === JSON.stringify(c.to));
  out.changedSince += changes.length - clean.length;
  if (clean.length === 0) return;
  await saveSettings(
    applySettingsChanges(
      current,
      clean.map((c) => ({ path: c.path, to: c.from })),
    ),
  );
  out.reverted += clean.length;
}

/**
 * Undoes one action: every record still as the action left it goes back to what it was;
 * the record is used up. Throws `UndoUnavailable` when it expired or is unknown.
 */
export async function applyUndo(id: string): Promise<UndoOutcome> {
  const forgotten = await tombstonedChatIds();
  const out: UndoOutcome = { reverted: 0, changedSince: 0 };
  const tables = [db.memories, db.chats, db.meta, db.hchats, db.hdead, db.hdirty, db.spaces];
  const record = await db.transaction('rw', tables, async () => {
    const row = await db.meta.get(PREFIX + id);
    const found = row?.value as UndoRecord | undefined;
    if (!found || expired(found, now())) {
      if (row) await db.meta.delete(row.key);
      throw new UndoUnavailable('This can no longer be undone: it is more than a day old.');
    }
    await revertMemories(found.memories, out);
    await revertChats(found.chats, forgotten, out);
    await revertSpaces(found.spaces ?? [], out);
    await db.meta.delete(PREFIX + id);
    return found;
  });
  await revertSettings(record.settings, out);
  return out;
}
