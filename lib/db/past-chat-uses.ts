/**
 * How often each chat's excerpt went into a sent message: what Chats shows next to a chat.
 * One `meta` row (no table of its own: a count per chat, written once per recorded send);
 * a forgotten chat's count goes with the chat's id when it is read (only listed chats show it).
 */
import { db } from './db';

const KEY = 'pastChats.uses';

type Uses = Record<string, number>;

export async function pastChatUses(): Promise<Uses> {
  return ((await db.meta.get(KEY))?.value as Uses | undefined) ?? {};
}

export async function countPastChatUses(chatIds: readonly string[]): Promise<void> {
  if (chatIds.length === 0) return;
  await db.transaction('rw', db.meta, async () => {
    const uses = { ...(await pastChatUses()) };
    for (const id of chatIds) uses[id] = (uses[id] ?? 0) + 1;
    await db.meta.put({ key: KEY, value: uses });
  });
}
