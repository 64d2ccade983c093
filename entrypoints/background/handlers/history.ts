/**
 * Chat history for the side panel: search, the Chats list, delete. Extension pages only (the
 * protocol map), so a chat page never reads another site's history.
 */
import { deleteChats } from '../../../lib/db/chat-delete';
import { storeImported } from '../../../lib/db/history-import';
import { listHistory } from '../../../lib/db/history-list';
import { searchHistory } from '../../../lib/db/history-search';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { indexHistorySoon } from '../history-upkeep';
import type { HandlerGroup } from '../router';

export const historyHandlers: HandlerGroup<'history.search' | 'history.list' | 'history.delete' | 'history.import'> = {
  'history.search': (req) => searchHistory(req),
  'history.list': (req) => listHistory(req),
  // Indexed before the reply: imported chats are searchable at once, and the panel's next
  // batch waits for this one, which paces a large import.
  'history.import': async ({ conversations }) => {
    const counts = await storeImported(conversations);
    await keepHistoryIndexed();
    return counts;
  },
  'history.delete': async ({ ids }) => {
    const result = await deleteChats(ids);
    indexHistorySoon();
    return result;
  },
};
