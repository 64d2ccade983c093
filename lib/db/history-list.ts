/**
 * The Chats list: every chat with searchable text, newest first, filtered by site and date.
 * Sorting and filtering run over the index's small per-chat rows; only the page shown is read
 * from the chats table.
 */
import { chatHead } from '../history/chat-head';
import type { HistoryChatSummary, HistoryListRequest } from '../history/schemas';
import type { Chat } from '../memory/types';
import { chatIdsInSpace } from './chat-spaces';
import { db } from './db';
import { type ChatMeta, metaCache } from './history-search';
import { pastChatUses } from './past-chat-uses';

const FIRST_WORDS = 140;

function summaryOf(chat: Chat): HistoryChatSummary {
  const first = chat.turns.find((t) => t.role === 'user') ?? chat.turns[0];
  return { ...chatHead(chat), firstWords: (first?.text ?? '').replace(/\s+/g, ' ').trim().slice(0, FIRST_WORDS) };
}

/** Indexed chats matching the filters, newest first. */
export async function filteredChats(req: Omit<HistoryListRequest, 'offset' | 'limit'>): Promise<ChatMeta[]> {
  const sites = new Set<string>(req.sites ?? []);
  const inSpace = req.space !== undefined ? await chatIdsInSpace(req.space) : null;
  const out: ChatMeta[] = [];
  for (const m of (await metaCache()).chats.values()) {
    if (sites.size > 0 && !sites.has(m.site)) continue;
    if (inSpace && !inSpace.has(m.id)) continue;
    if ((req.from !== undefined && m.at < req.from) || (req.to !== undefined && m.at > req.to)) continue;
    out.push(m);
  }
  return out.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1));
}

export async function listHistory(req: HistoryListRequest) {
  const all = await filteredChats(req);
  const page = all.slice(req.offset, req.offset + req.limit);
  const chats = await db.chats.bulkGet(page.map((m) => m.id));
  const uses = await pastChatUses();
  const items = chats
    .filter((c): c is Chat => c !== undefined && c.turns.length > 0)
    .map((c) => ({ ...summaryOf(c), ...(uses[c.id] ? { usedAsContext: uses[c.id] } : {}) }));
  return { total: all.length, items, pending: await db.hdirty.count() };
}
