/**
 * Taking one chat out of a store: the record, its search entries and its waiting jobs. Shared by
 * the panel's delete (chat-delete.ts, which also clears undo records and backups) and by a
 * deletion arriving from another device on a store that is not the product's; it imports
 * nothing of the browser, so Node benches can load it.
 */
import type { MemDB } from './db';
import { forgetInIndex } from './history-index';

/**
 * The chat, its search entries and its waiting jobs, inside the caller's transaction over chats,
 * jobs, hchats and hdead of `store`; false when the store holds no such chat.
 */
export async function dropChat(store: MemDB, id: string): Promise<boolean> {
  const chat = await store.chats.get(id);
  if (!chat) return false;
  await forgetInIndex(
    id,
    chat.turns.map((t) => t.text),
    store,
  );
  await store.chats.delete(id);
  await store.jobs
    .where('chatId')
    .equals(id)
    .filter((j) => j.state !== 'running')
    .delete();
  return true;
}
