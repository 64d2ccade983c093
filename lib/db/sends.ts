/**
 * Which user turns were typed and sent in this browser. The content script reports each send
 * the user really made (a trusted Enter or click on the site's composer, lib/content/injector.ts),
 * with only the words the user's own edits put there (lib/content/typed-text.ts); the
 * background stores its key here for that tab, and a later capture from the same tab claims it
 * for the chat whose user turn has the same key. A page can add turns to its DOM, but it cannot
 * make a send: its own events are not trusted, and a claim needs both. Every user turn with
 * text needs its own send (lib/memory/sent-key.ts matches the whole turn).
 *
 * Keys are hashed with the asynchronous Web Crypto API, which cannot run inside an IndexedDB
 * transaction: they are computed before each one (userTurnKeys).
 */
import { legacyMatches, sentKey, sentText } from '../memory/sent-key';
import type { Chat } from '../memory/types';
import { now, nowMs } from '../time';
import { db, type SendRow } from './db';

/** A send no capture claimed within this time proves nothing any more. */
const CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Unclaimed sends kept per tab: far more than anyone sends before the page is read. */
const MAX_UNCLAIMED_PER_TAB = 200;

/** A user turn as a send is matched with it. */
export interface TurnKey {
  key: string;
  text: string;
}

/** The keys of the user turns that hold text, in order. */
export async function userTurnKeys(turns: readonly Pick<Chat['turns'][number], 'role' | 'text'>[]): Promise<TurnKey[]> {
  const out: TurnKey[] = [];
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    const key = await sentKey(turn.text);
    if (key) out.push({ key, text: sentText(turn.text) });
  }
  return out;
}

function proves(row: SendRow, turn: TurnKey): boolean {
  return row.key === turn.key || legacyMatches(row.key, turn.text);
}

/** Takes the first row that proves `turn` out of `rows`. */
function take(rows: SendRow[], turn: TurnKey): SendRow | undefined {
  const i = rows.findIndex((r) => proves(r, turn));
  return i === -1 ? undefined : rows.splice(i, 1)[0];
}

/** Records one send the user made in a tab. */
export async function recordSend(tabId: number, site: string, text: string): Promise<void> {
  const key = await sentKey(text);
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
  const keys = await userTurnKeys(chat.turns);
  return db.transaction('rw', db.sends, async () => {
    const mine = await db.sends.where('tabId').equals(tabId).toArray();
    const since = nowMs() - CLAIM_WINDOW_MS;
    const open = mine.filter((r) => r.chatId === null && r.site === chat.site && Date.parse(r.at) >= since);
    if (open.length === 0) return 0;
    const claimed = await db.sends.where('chatId').equals(chat.id).toArray();
    const updates: SendRow[] = [];
    for (const turn of keys) {
      if (take(claimed, turn)) continue;
      const row = take(open, turn);
      if (row) updates.push({ ...row, chatId: chat.id });
    }
    await db.sends.bulkPut(updates);
    return updates.length;
  });
}

/**
 * True when every user turn with text (`turns`, from userTurnKeys) was sent in this browser:
 * captured here, never imported, each turn matched by its own claimed send. Runs inside the
 * caller's transaction when there is one (it reads `sends`).
 */
export async function sentHereFor(chat: Pick<Chat, 'id' | 'origin'>, turns: readonly TurnKey[]): Promise<boolean> {
  if (chat.origin === 'imported') return false;
  const claimed = await db.sends.where('chatId').equals(chat.id).toArray();
  return turns.every((turn) => take(claimed, turn) !== undefined);
}

/** sentHereFor the chat's turns as stored now. */
export async function sentHere(chat: Pick<Chat, 'id' | 'turns' | 'origin'>): Promise<boolean> {
  return sentHereFor(chat, await userTurnKeys(chat.turns));
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
