/** What every listing of a chat shows of it (the Chats list, search results), from the record. */
import type { Chat } from '../memory/types';
import type { ChatHead } from './schemas';

export function chatHead(chat: Chat): ChatHead {
  return {
    chatId: chat.id,
    site: chat.site,
    title: chat.title,
    url: chat.url,
    updatedAt: chat.updatedAt,
    turns: chat.turns.length,
    imported: chat.origin === 'imported',
    ...(chat.space !== undefined ? { space: chat.space } : {}),
  };
}
