/**
 * Chats deleted or forgotten on another device, done in the product's store exactly as when the
 * user does it here (lib/db/chat-delete.ts, lib/db/chats.ts excludeChat): index, jobs, undo
 * records, parked answers, backups and the tombstone. Kept apart from sync-chats.ts because
 * excludeChat reaches the browser's storage (parked answers), which Node benches cannot load.
 */
import { deleteChats } from './chat-delete';
import { excludeChat } from './chats';
import type { ChatOps } from './sync-chats';

export const productChatOps: ChatOps = {
  delete: (ids) => deleteChats(ids),
  exclude: (id, site, current) => excludeChat(site, id.slice(site.length + 1), current?.url ?? ''),
};
