/** What one extraction added: the new memories of a chat since a time, and the chat's title. */
import { db } from './db';

export async function learnedFrom(chatId: string, since: string): Promise<{ n: number; title: string }> {
  // No index on the source chat (v3 indexes only what the panel filters on): one pass over the
  // listed memories, once per finished extraction.
  const [n, chat] = await Promise.all([
    db.memories
      .where('status')
      .anyOf(['active', 'proposed'])
      .filter((m) => m.source?.chatId === chatId && m.createdAt >= since)
      .count(),
    db.chats.get(chatId),
  ]);
  return { n, title: chat?.title ?? '' };
}
