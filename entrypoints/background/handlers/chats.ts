/**
 * Captured chats: the page sends the turns it shows, says when it moved on, and flips the
 * per-conversation "don't remember this chat" switch; the side panel reads and flips it too.
 * A content script's site is always the sender's (ctx.site), never the payload's.
 */
import {
  chatIdOf,
  chatStatus,
  excludeChat,
  finishChat,
  getChat,
  includeChat,
  listChats,
  recordCapture,
} from '../../../lib/db/chats';
import { MessageError } from '../../../lib/messages';
import { type SiteId, siteForUrl } from '../../../lib/sites';
import type { HandlerGroup, SenderContext } from '../router';
import { updateTab } from '../tab-state';

type ChatMessage =
  | 'chat.capture'
  | 'chat.left'
  | 'chat.status'
  | 'chat.exclude'
  | 'chat.include'
  | 'chats.list'
  | 'chats.get';

function page(ctx: SenderContext, type: string) {
  if (ctx.kind !== 'content') throw new MessageError('forbidden', `${type} is for chat pages`);
  return ctx;
}

/** Content scripts speak for their own site; extension pages must name one. */
function siteOf(ctx: SenderContext, site: SiteId | undefined): SiteId {
  if (ctx.kind === 'content') return ctx.site;
  if (!site) throw new MessageError('bad_request', 'site is required from extension pages');
  return site;
}

export const chatHandlers: HandlerGroup<ChatMessage> = {
  'chat.capture': async ({ conversationId, url, title, turns }, ctx) => {
    const from = page(ctx, 'chat.capture');
    // The page's own URL is trusted only when it is on the sender's site.
    const pageUrl = siteForUrl(url) === from.site ? url : from.url;
    const chat = await recordCapture({ site: from.site, conversationId, url: pageUrl, title, turns });
    await updateTab(from.tabId, { site: from.site, url: pageUrl }, { conversationId });
    return { chatId: chatIdOf(from.site, conversationId), excluded: chat === null };
  },
  'chat.left': async ({ conversationId }, ctx) => {
    const from = page(ctx, 'chat.left');
    return { queued: await finishChat(chatIdOf(from.site, conversationId)) };
  },
  'chat.status': async ({ conversationId, site }, ctx) => chatStatus(chatIdOf(siteOf(ctx, site), conversationId)),
  'chat.exclude': async ({ conversationId, site, url }, ctx) => {
    const id = siteOf(ctx, site);
    const known = await getChat(chatIdOf(id, conversationId));
    await excludeChat(id, conversationId, (ctx.kind === 'content' ? ctx.url : url) ?? known?.url ?? '');
    return chatStatus(chatIdOf(id, conversationId));
  },
  'chat.include': async ({ conversationId, site }, ctx) => {
    const id = chatIdOf(siteOf(ctx, site), conversationId);
    if (await getChat(id)) await includeChat(id);
    return chatStatus(id);
  },
  'chats.list': async () =>
    (await listChats()).map((c) => ({
      id: c.id,
      site: c.site,
      title: c.title,
      url: c.url,
      state: c.state,
      turns: c.turns.length,
      updatedAt: c.updatedAt,
    })),
  'chats.get': async ({ id }) => (await getChat(id)) ?? null,
};
