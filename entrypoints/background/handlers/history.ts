/**
 * Chat history for the side panel: search, the Chats list, delete. Extension pages only (the
 * protocol map), so a chat page never reads another site's history.
 */
import { deleteChats } from '../../../lib/db/chat-delete';
import { listHistory } from '../../../lib/db/history-list';
import { searchHistory } from '../../../lib/db/history-search';
import { endHistoryImport, importHistoryBatch } from '../history-import-run';
import { indexHistorySoon } from '../history-upkeep';
import type { HandlerGroup } from '../router';

export const historyHandlers: HandlerGroup<
  'history.search' | 'history.list' | 'history.delete' | 'history.import' | 'history.importEnd'
> = {
  'history.search': (req) => searchHistory(req),
  'history.list': (req) => listHistory(req),
  // Indexed before the reply: imported chats are searchable at once, and the panel's next
  // batch waits for this one, which paces a large import. Tracked work: the bar in every panel.
  'history.import': (req) => importHistoryBatch(req),
  'history.importEnd': async ({ importId, failed }) => endHistoryImport(importId, failed),
  'history.delete': async ({ ids }) => {
    const result = await deleteChats(ids);
    indexHistorySoon();
    return result;
  },
};
