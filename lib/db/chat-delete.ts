/**
 * Deleting chats from history: the chat and its waiting jobs go in one transaction that also
 * takes it out of search and out of every undo record; then its postings are purged (lib/db/history-purge.ts) and its text
 * is removed from every backup. Unlike "don't remember", a later visit may capture it again.
 */
import { dropChat } from './chat-drop';
import { db } from './db';
import { purgeFromBackups } from './tombstones';
import { forgetChatInUndo } from './undo-log';

export async function deleteChats(ids: readonly string[]): Promise<{ deleted: number; backupsChanged: number }> {
  const deleted = await db.transaction('rw', [db.chats, db.jobs, db.hchats, db.hdead, db.meta], async () => {
    let count = 0;
    for (const id of ids) {
      if (!(await dropChat(db, id))) continue;
      // An undo record of an import or restore would otherwise keep its turns for a day.
      await forgetChatInUndo(id);
      count++;
    }
    return count;
  });
  let backupsChanged = 0;
  for (const id of ids) backupsChanged += await purgeFromBackups(id);
  return { deleted, backupsChanged };
}
