/**
 * Captured chats: the page sends the turns it shows, says when it moved on, and flips the
 * per-conversation "don't remember this chat" switch; the side panel reads and flips it too.
 * A content script's site is always the sender's (ctx.site), never the payload's.
 */

import { joinDelta } from '../../../lib/content/turn-delta';
import { setChatSpace } from '../../../lib/db/chat-spaces';
import {
  chatStatus,
  excludeChat,
  finishChat,
  getChat,
  includeChat,
  isExcluded,
  listChats,
  recordCapture,
} from '../../../lib/db/chats';
import { stripMarks } from '../../../lib/db/install-mark';
import { claimSends, recordSend } from '../../../lib/db/sends';
import { spend } from '../../../lib/db/site-bounds';
import { chatIdOf } from '../../../lib/memory/new-chat';
import { MessageError } from '../../../lib/protocol/define';
import { boundTurns } from '../../../lib/sites/bounds';
import { type SiteId, siteForUrl } from '../../../lib/sites/ids';
import { now } from '../../../lib/time';
import { conversationOfUrl, pageProject, spaceOfTab } from '../chat-space';
import { indexHistorySoon } from '../history-upkeep';
import type { HandlerGroup, SenderContext } from '../router';
import { requireLearning } from '../site-switches';
import { getTab, updateTab } from '../tab-state';

type ChatMessage =
  | 'chat.sent'
  | 'chat.capture'
  | 'chat.left'
  | 'chat.status'
  | 'chat.exclude'
  | 'chat.include'
  | 'chats.list'
  | 'chats.get';

interface ConversationRef {
  conversationId?: string;
  site?: SiteId;
  url?: string;
  tabId?: number;
}

/**
 * Which conversation a chat.* message is about. A page speaks for its own site; the side
 * panel names a tab (whatever conversation it shows) or a site and conversation. Null: the
 * tab shows no conversation yet.
 */
async function conversationOf(req: ConversationRef, ctx: SenderContext) {
  if (ctx.kind === 'content') {
    if (!req.conversationId) throw new MessageError('bad_request', 'conversationId is required');
    return { site: ctx.site, conversationId: req.conversationId, url: ctx.url };
  }
  if (req.tabId !== undefined) {
    const tab = await getTab(req.tabId);
    return tab?.conversationId ? { site: tab.site, conversationId: tab.conversationId, url: tab.url } : null;
  }
  if (!req.site || !req.conversationId) throw new MessageError('bad_request', 'name a tab, or a site and conversation');
  return { site: req.site, conversationId: req.conversationId, url: req.url ?? '' };
}

const charsOf = (turns: readonly { text: string }[]) => turns.reduce((n, t) => n + t.text.length, 0);

/**
 * A capture as the site's bounds allow: sizes cut with a marker, and refused when the site has
 * started too many new chats or stored too many characters this hour or day.
 */
async function withinSiteBounds<T extends { role: 'user' | 'assistant'; text: string }>(
  site: SiteId,
  conversationId: string,
  turns: readonly T[],
): Promise<T[]> {
  const bounded = boundTurns(turns);
  const known = await getChat(chatIdOf(site, conversationId));
  const growth = Math.max(0, charsOf(bounded) - charsOf(known?.turns ?? []));
  const hit = await spend(site, { chats: known ? 0 : 1, chars: growth }, now());
  if (hit) {
    throw new MessageError('forbidden', `${site} reached its bound of ${hit.limit} ${hit.kind} per ${hit.window}`);
  }
  return bounded;
}

/** Whether an address names the conversation: the site's reading of it, or one of its path segments. */
function addressNames(url: string, conversationId: string): boolean {
  if (conversationOfUrl(url) === conversationId) return true;
  try {
    return new URL(url).pathname.split('/').includes(conversationId);
  } catch {
    return false;
  }
}

/**
 * A capture names the conversation its tab shows (by the address the browser reports for the
 * sender), or the one the tab showed just before (the page's last reading of the chat it left
 * arrives after the address changed); never another of the site's conversations.
 */
async function requireShown(from: { tabId: number; url: string }, conversationId: string): Promise<void> {
  if (addressNames(from.url, conversationId)) return;
  const tab = await getTab(from.tabId);
  if (tab && (tab.conversationId === conversationId || tab.left === conversationId)) return;
  throw new MessageError('bad_request', 'a capture names the conversation its tab shows');
}

const NO_CHAT = { chatId: null, excluded: false, state: null, turns: 0 };

async function setExcluded(req: ConversationRef, ctx: SenderContext, excluded: boolean) {
  const chat = await conversationOf(req, ctx);
  if (!chat) throw new MessageError('bad_request', 'this tab shows no conversation yet');
  const id = chatIdOf(chat.site, chat.conversationId);
  const known = await getChat(id);
  if (excluded) await excludeChat(chat.site, chat.conversationId, known?.url || chat.url);
  else if (known) await includeChat(id);
  indexHistorySoon();
  return chatStatus(id);
}

export const chatHandlers: HandlerGroup<ChatMessage> = {
  'chat.capture': async ({ conversationId, url, title, base = 0, prefix = '', turns: tail, project }, from) => {
    await requireLearning(from.site);
    await requireShown(from, conversationId);
    const named = pageProject(from.site, project);
    const chatId = chatIdOf(from.site, conversationId);
    const turns = base === 0 ? tail : joinDelta((await getChat(chatId))?.turns ?? [], base, prefix, tail);
    if (!turns) return { chatId, excluded: await isExcluded(chatId), resend: true };
    // The page's own URL is trusted only when it is on the sender's site.
    const pageUrl = siteForUrl(url) === from.site ? url : from.url;
    const bounded = await withinSiteBounds(from.site, conversationId, turns);
    const marks = await stripMarks(from.site);
    // Decided before the chat is stored: a choice made on the new chat is given to its first capture.
    const space = await spaceOfTab({
      tabId: from.tabId,
      site: from.site,
      url: pageUrl,
      project: named,
      conversationId,
    });
    const chat = await recordCapture({ site: from.site, conversationId, url: pageUrl, title, turns: bounded, marks });
    if (chat) {
      await setChatSpace(chat.id, space, space.project);
      await claimSends(from.tabId, chat);
    }
    indexHistorySoon();
    await updateTab(
      from.tabId,
      { site: from.site, url: pageUrl },
      { conversationId, ...(named === undefined ? {} : { project: named }) },
    );
    return { chatId, excluded: chat === null };
  },
  'chat.sent': async ({ text }, from) => {
    await requireLearning(from.site);
    await recordSend(from.tabId, from.site, text);
    return {};
  },
  'chat.left': async ({ conversationId }, from) => {
    await requireLearning(from.site);
    return { queued: await finishChat(chatIdOf(from.site, conversationId)) };
  },
  'chat.status': async (req, ctx) => {
    const chat = await conversationOf(req, ctx);
    return chat ? chatStatus(chatIdOf(chat.site, chat.conversationId)) : NO_CHAT;
  },
  'chat.exclude': (req, ctx) => setExcluded(req, ctx, true),
  'chat.include': (req, ctx) => setExcluded(req, ctx, false),
  'chats.list': async () =>
    (await listChats()).map((c) => ({
      id: c.id,
      site: c.site,
      title: c.title,
      url: c.url,
      state: c.state,
      turns: c.turns.length,
      updatedAt: c.updatedAt,
      ...(c.space !== undefined ? { space: c.space } : {}),
    })),
  'chats.get': async ({ id }) => (await getChat(id)) ?? null,
};
