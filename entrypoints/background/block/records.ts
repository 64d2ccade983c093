/**
 * A block's record in Activity (the `injections` table, Dexie): written when the page says the
 * block went out (with its hits and past-chat uses) or missed its message. It keeps what the
 * handed-out entry kept (ids, score parts, the query unless the chat is not remembered), never
 * the memories' text.
 */
import { addInjection } from '../../../lib/db/injections';
import { recordHits } from '../../../lib/db/memories';
import { countPastChatUses } from '../../../lib/db/past-chat-uses';
import type { RenderableExcerpt } from '../../../lib/ranking/render';
import { now } from '../../../lib/time';
import type { HandedOut } from './handed-out';

/** What Activity keeps of an excerpt: the chat, its title, why (never the excerpt's text). */
export function pastChatUses(excerpts: readonly RenderableExcerpt[]) {
  return excerpts.map((e) => ({
    chatId: e.chatId,
    site: e.site,
    title: e.title.slice(0, 500),
    why: e.why,
    coverage: e.coverage,
  }));
}

/** `carried`: null for a block that went with its message; else it missed one, and whether a later message carried it. */
function injectionRow(token: string, p: HandedOut, chatId: string | null, carried: boolean | null) {
  return {
    id: token,
    at: now(),
    site: p.site,
    chatId,
    url: p.url,
    query: p.query,
    tokens: p.tokens,
    items: p.items,
    feedback: null,
    ...(p.space ? { space: p.space } : {}),
    ...(p.pastChats?.length ? { pastChats: p.pastChats } : {}),
    ...(carried === null ? {} : { miss: { reason: 'not ready in time' as const, carried } }),
  };
}

/** The miss, shown now; if a later message carries the block, writeSent turns the same entry into a late injection. */
export async function writeMissed(token: string, p: HandedOut): Promise<void> {
  await addInjection(injectionRow(token, p, null, false));
}

export async function writeSent(token: string, p: HandedOut, chatId: string | null): Promise<void> {
  const row = injectionRow(token, p, chatId, p.missed ? true : null);
  await recordHits(
    p.items.map((r) => r.memoryId),
    row.at,
  );
  await addInjection(row);
  await countPastChatUses((p.pastChats ?? []).map((u) => u.chatId));
}
