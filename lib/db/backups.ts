/**
 * Snapshots of the store (DESIGN.md §5): taken after each successful extraction, after hand edits
 * (debounced, backup-schedule.ts) and before each import, bulk delete or restore; the newest
 * `KEEP_BACKUPS` are kept; each carries a checksum so a damaged one is never restored.
 */
import { inMissingSpace } from '../memory/space-gone';
import type { Chat } from '../memory/types';
import { sameChat, sameMemory } from '../memory/undo-compare';
import { proposeSettingsChanges, restoreImportable } from '../settings/import-rules';
import { now } from '../time';
import type { WorkHandle } from '../work/tracker';
import { type BackupRow, backupDb } from './backup-db';
import {
  buildSnapshot,
  forgotten,
  type Snapshot,
  SnapshotSchema,
  sha256,
  spacesToRestore,
  withTombstones,
} from './backup-snapshot';
import { db } from './db';
import { markHistoryDirty } from './history-index';
import { loadSettings, saveSettings } from './settings-store';
import { purgeFromBackups, tombstonedChatIds } from './tombstones';
import { putInChunks } from './transfer';
import { addSettingsToUndo, changesOf, recordUndo } from './undo-log';

export const KEEP_BACKUPS = 7;

export type BackupSummary = Omit<BackupRow, 'data'>;

export async function createBackup(reason: string): Promise<BackupSummary> {
  const { memories, chats, spaces } = await db.transaction('r', db.memories, db.chats, db.spaces, async () => ({
    memories: await db.memories.toArray(),
    chats: await db.chats.toArray(),
    spaces: await db.spaces.toArray(),
  }));
  const snapshot = buildSnapshot({
    memories,
    chats,
    spaces,
    settings: await loadSettings(),
    tombstones: await tombstonedChatIds(),
  });
  const data = JSON.stringify(snapshot);
  const row: BackupRow = {
    id: crypto.randomUUID(),
    at: now(),
    reason,
    memoryCount: snapshot.memories.length,
    chatCount: snapshot.chats.length,
    checksum: await sha256(data),
    data,
  };
  await backupDb.transaction('rw', backupDb.backups, async () => {
    await backupDb.backups.add(row);
    const all = await backupDb.backups.orderBy('at').reverse().primaryKeys();
    await backupDb.backups.bulkDelete(all.slice(KEEP_BACKUPS));
  });
  // A chat forgotten while this snapshot was being built is purged from it like from the others.
  const before = new Set(snapshot.chats.filter((c) => c.state === 'excluded').map((c) => c.id));
  for (const id of await tombstonedChatIds()) {
    if (!before.has(id) && snapshot.chats.some((c) => c.id === id)) await purgeFromBackups(id);
  }
  const { data: _omit, ...summary } = row;
  return summary;
}

export async function listBackups(): Promise<BackupSummary[]> {
  const rows = await backupDb.backups.orderBy('at').reverse().toArray();
  return rows.map(({ data: _omit, ...summary }) => summary);
}

/** Reads and checks one backup; throws if its checksum or contents do not hold. */
export async function readBackup(id: string): Promise<Snapshot> {
  const row = await backupDb.backups.get(id);
  if (!row) throw new Error(`backup ${id} not found`);
  if ((await sha256(row.data)) !== row.checksum)
    throw new Error(`backup from ${row.at} is damaged (checksum mismatch)`);
  const parsed = SnapshotSchema.safeParse(JSON.parse(row.data));
  if (!parsed.success) throw new Error(`backup from ${row.at} does not parse`);
  return parsed.data as Snapshot;
}

/**
 * The chats a restore writes: tombstoned ones stay forgotten; one whose transcript the
 * backup left out keeps the live record when there is one (the transcript is not what the
 * backup is for).
 */
export function chatsToRestore(
  snapshot: Snapshot,
  live: ReadonlyMap<string, Chat>,
  tombstones: ReadonlySet<string>,
): Chat[] {
  const omitted = new Set(snapshot.omittedTurns ?? []);
  const chats = snapshot.chats.map((c) => {
    if (tombstones.has(c.id)) return forgotten(c);
    const current = live.get(c.id);
    if (omitted.has(c.id) && current && current.state !== 'excluded') return current;
    return c;
  });
  return withTombstones(chats, tombstones, now());
}

/**
 * Replaces memories and chats with a verified backup, after snapshotting the current state; the
 * backup's spaces come back with them (a backup taken before spaces leaves the spaces as they
 * are). A restored memory whose space is in neither waits in review (`space-gone`).
 * Its undo record holds every memory and chat the restore changed, added or removed, and the
 * settings it changed, so undoing it puts back the store as it was just before, except what
 * changed again since.
 */
export async function restoreBackup(
  id: string,
  work?: WorkHandle,
): Promise<{ memories: number; chats: number; undoId: string }> {
  work?.phase('read');
  const snapshot = await readBackup(id);
  work?.checkpoint();
  work?.phase('backup');
  await createBackup('before restore');
  work?.checkpoint();
  const tombstones = await tombstonedChatIds();
  const undoId = await db.transaction('rw', [db.memories, db.chats, db.meta, db.hdirty, db.spaces], async () => {
    const liveChats = await db.chats.toArray();
    const liveMemories = await db.memories.toArray();
    const chats = chatsToRestore(snapshot, new Map(liveChats.map((c) => [c.id, c])), tombstones);
    const spaces = spacesToRestore(snapshot, await db.spaces.toArray());
    const here = new Set(spaces.map((s) => s.id));
    const memories = snapshot.memories.map((m) => inMissingSpace(m, here));
    await db.spaces.bulkPut(spaces);
    await db.memories.clear();
    await db.chats.clear();
    await putInChunks(db.memories, memories, work);
    await db.chats.bulkPut(chats);
    // Chats the restore removed and chats it brought back both change what search finds.
    await markHistoryDirty([...new Set([...liveChats.map((c) => c.id), ...chats.map((c) => c.id)])]);
    return recordUndo('restore', {
      memories: changesOf(liveMemories, memories, sameMemory),
      chats: changesOf(liveChats, chats, sameChat),
    });
  });
  if (snapshot.settings !== undefined) {
    const before = await loadSettings();
    const after = await saveSettings(restoreImportable(before, snapshot.settings));
    await addSettingsToUndo(undoId, proposeSettingsChanges(before, after));
  }
  return { memories: snapshot.memories.length, chats: snapshot.chats.length, undoId };
}
