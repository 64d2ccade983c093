/**
 * Chat history for the side panel: search, the Chats list, delete. Extension pages only (the
 * protocol map), so a chat page never reads another site's history.
 */
import { deleteChats } from '../../../lib/db/chat-delete';
import { listHistory } from '../../../lib/db/history-list';
import { searchHistory } from '../../../lib/db/history-search';
import { indexHistorySoon } from '../history-upkeep';
import type { HandlerGroup } from '../router';

export const historyHandlers: HandlerGroup<'history.search' | 'history.list' | 'history.delete'> = {
  'history.search': (req) => searchHistory(req),
  'history.list': (req) => listHistory(req),
  'history.delete': async ({ ids }) => {
    const result = await deleteChats(ids);
    indexHistorySoon();
    return result;
  },
};
