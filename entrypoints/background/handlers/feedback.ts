/**
 * `inject.followup`: the user's next message after an injection, read for a correction or a
 * confirmation (lib/ranking/feedback.ts), applied once to the memories of the last injection
 * recorded for this chat, or this tab when the page has no chat id. Site from the sender:
 * a page can only give feedback on its own site's injections.
 */
import { applyInjectionFeedback, getInjection, latestInjectionForChat } from '../../../lib/db/injections';
import { detectFeedback, FEEDBACK_DELTA } from '../../../lib/ranking/feedback';
import { lastInjectionOfTab } from '../block/session';
import type { ChatPageSender, HandlerGroup } from '../router';
import { requireLearning } from '../site-switches';

/**
 * By chat id first; else this tab's last injection, provided it was recorded without a chat id
 * or with this one (a new chat often gets its id only after the first message was sent).
 */
async function targetInjection(ctx: ChatPageSender, chatId: string | null) {
  const byChat = chatId ? await latestInjectionForChat(ctx.site, chatId) : undefined;
  if (byChat) return byChat;
  const id = lastInjectionOfTab(ctx.site, ctx.tabId);
  const row = id ? await getInjection(id) : undefined;
  if (!row || row.site !== ctx.site) return undefined;
  return row.chatId === null || row.chatId === chatId ? row : undefined;
}

export const feedbackHandlers: HandlerGroup<'inject.followup'> = {
  'inject.followup': async ({ text, chatId }, ctx) => {
    // Reading the user's next message is learning from the chat.
    await requireLearning(ctx.site);
    const none = { feedback: null, injectionId: null, memoryIds: [] };
    const kind = detectFeedback(text);
    if (!kind) return none;
    const injection = await targetInjection(ctx, chatId ?? null);
    if (!injection) return none;
    const ids = await applyInjectionFeedback(injection.id, kind, FEEDBACK_DELTA[kind]);
    if (!ids) return none;
    return { feedback: kind, injectionId: injection.id, memoryIds: ids };
  },
};
