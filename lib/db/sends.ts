/**
 * Which user turns were typed and sent in this browser. The content script reports each send
 * the user really made (a trusted Enter or click on the site's composer, lib/content/injector.ts);
 * the background stores it here for that tab, and a later capture from the same tab claims it
 * for the chat whose user turn shows the same text. A page can add turns to its DOM, but it
 * cannot make a send: its own events are not trusted, and a claim needs both.
 */
import { sentKey } from '../memory/sent-key';
import type { Chat } from '../memory/types';
import { now, nowMs } from '../time';
import { db, type SendRow } from './db';

/** A send no capture claimed within this time proves nothing any more. */
const CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Unclaimed sends kept per tab: far more than anyone sends before the page is read. */
const MAX_UNCLAIMED_PER_TAB = 200;

/** Records one send the user made in a tab. */
export async function recordSend(tabId: number, site: string, text: string): Promise<void> {
  const key = sentKey(text);
  if (!key) return;
  await db.transaction('rw', db.sends, async () => {
    await db.sends.add({ id: crypto.randomUUID(), tabId, site, key, at: now(), chatId: null });
    const unclaimed = (await db.sends.where('tabId').equals(tabId).toArray()).filter((r) => r.chatId === null);
    if (unclaimed.length > MAX_UNCLAIMED_PER_TAB) {
      const oldest = unclaimed
        .sort((a, b) => a.at.localeCompare(b.at))
        .slice(0, unclaimed.length - MAX_UNCLAIMED_PER_TAB);
      await db.sends.bulkDelete(oldest.map((r) => r.id));
    }
  });
}

/**
 * A capture from `tabId` showed these turns of `chat`: each user turn matching a send from
 * that tab (same site, recent, not yet claimed) takes it, one send per turn.
 */
export async function claimSends(tabId: number, chat: Pick<Chat, 'id' | 'site' | 'turns'>): Promise<number> {
  return db.transaction('rw', db.sends, async () => {
    const mine = await db.sends.where('tabId').equals(tabId).toArray();
    const since = nowMs() - CLAIM_WINDOW_MS;
    const open = mine.filter((r) => r.chatId === null && r.site === chat.site && Date.parse(r.at) >= since);
    if (open.length === 0) return 0;
    const claimed = await sentKeys(chat.id);
    const byKey = new Map<string, SendRow[]>();
    for (const r of open) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
    const updates: SendRow[] = [];
    for (const turn of chat.turns) {
      if (turn.role !== 'user') continue;
      const key = sentKey(turn.text);
      const left = claimed.get(key) ?? 0;
      if (left > 0) {
        claimed.set(key, left - 1);
        continue;
      }
      const row = byKey.get(key)?.shift();
      if (row) updates.push({ ...row, chatId: chat.id });
    }
    await db.sends.bulkPut(updates);
    return updates.length;
  });
}

/** How many sends each key has claimed in this chat. */
async function sentKeys(chatId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const r of await db.sends.where('chatId').equals(chatId).toArray())
    counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
  return counts;
}

/**
 * True when every user turn of the chat (with any letters or digits) was sent in this
 * browser: captured here, never imported, each turn matched by a claimed send.
 */
export async function sentHere(chat: Pick<Chat, 'id' | 'turns' | 'origin'>): Promise<boolean> {
  if (chat.origin === 'imported') return false;
  const claimed = await sentKeys(chat.id);
  for (const turn of chat.turns) {
    if (turn.role !== 'user') continue;
    const key = sentKey(turn.text);
    if (!key) continue;
    const left = claimed.get(key) ?? 0;
    if (left === 0) return false;
    claimed.set(key, left - 1);
  }
  return true;
}

/** Drops what no longer proves anything: unclaimed sends past the window, and a deleted chat's. */
export async function pruneSends(liveChatIds: ReadonlySet<string>): Promise<number> {
  const since = nowMs() - CLAIM_WINDOW_MS;
  const stale = (await db.sends.toArray()).filter((r) =>
    r.chatId === null ? Date.parse(r.at) < since : !liveChatIds.has(r.chatId),
  );
  await db.sends.bulkDelete(stale.map((r) => r.id));
  return stale.length;
}
