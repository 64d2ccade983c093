/**
 * Undo and the history index, on the real Dexie (fake-indexeddb) and the real history search:
 * undoing an import takes its chats out of search and the Chats list at once; undoing a
 * restore indexes the chats it puts back; deleting a chat leaves no undo record holding it.
 */
import { describe, expect, it } from 'vitest';
import { createBackup, listBackups, restoreBackup } from '../../../lib/db/backups';
import { deleteChats } from '../../../lib/db/chat-delete';
import { recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { listHistory } from '../../../lib/db/history-list';
import { searchHistory } from '../../../lib/db/history-search';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { importParsed } from '../../../lib/db/transfer';
import { applyUndo } from '../../../lib/db/undo-log';
import { parseMemoryFile } from '../../../lib/memory-file/format';
import { chat } from '../helpers';

const at = '2026-10-01T00:00:00.000Z';
const exported = (id: string, text: string) => ({
  ...chat(`claude:${id}`, { url: `https://claude.ai/chat/${id}`, title: 'Trip' }),
  turns: [{ role: 'user', text, at }],
});

function fileWith(chats: unknown[]) {
  return parseMemoryFile(
    JSON.stringify({ format: 'claude-mem.memories', version: 1, exportedAt: at, memories: [], chats }),
  );
}

const captured = (id: string, text: string) =>
  recordCapture({
    site: 'chatgpt',
    conversationId: id,
    url: `https://chatgpt.com/c/${id}`,
    title: id,
    turns: [{ role: 'user', text }],
  });
const found = async (query: string) => (await searchHistory({ query })).total;
const listed = async () => (await listHistory({ offset: 0, limit: 50 })).total;
const undoRecords = async () => JSON.stringify(await db.meta.where('key').startsWith('undo:').toArray());

describe('undo and the history index', () => {
  it('takes an undone import’s chats out of search and the Chats total at once', async () => {
    const report = await importParsed(fileWith([exported('c1', 'Planning a walking trip through Kyoto temples')]));
    await keepHistoryIndexed();
    expect(await found('Kyoto temples')).toBe(1);
    expect(await listed()).toBe(1);
    await applyUndo(report.undoId);
    expect(await db.chats.count()).toBe(0);
    expect(await found('Kyoto temples')).toBe(0);
    expect(await listed()).toBe(0);
    await keepHistoryIndexed();
    expect(await found('Kyoto temples')).toBe(0);
  });

  it('indexes again the chats an undone restore puts back', async () => {
    await captured('kept', 'Sourdough starter feeding schedule');
    await createBackup('test');
    const [backup] = await listBackups();
    await captured('later', 'Marathon training plan for October');
    await keepHistoryIndexed();
    expect(await found('marathon training')).toBe(1);
    const restored = await restoreBackup(backup!.id);
    await keepHistoryIndexed();
    expect(await found('marathon training')).toBe(0);
    await applyUndo(restored.undoId);
    expect(await db.chats.get('chatgpt:later')).toBeDefined();
    await keepHistoryIndexed();
    expect(await found('marathon training')).toBe(1);
    expect(await listed()).toBe(2);
  });

  it('drops a deleted chat from every undo record', async () => {
    await importParsed(fileWith([exported('c2', 'Negotiating the salary for the Lisbon offer')]));
    expect(await undoRecords()).toContain('Lisbon offer');
    await deleteChats(['claude:c2']);
    expect(await undoRecords()).not.toContain('Lisbon offer');
  });
});
