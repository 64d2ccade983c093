/**
 * The store's side of chat history sync (lib/sync/chat-docs.ts). A chat from another device is
 * written finished and listed for this device's index in the same transaction (never indexed
 * from anything that travelled), never queued for extraction (the device that captured it
 * extracts; its memories travel anyway), and its address goes through the same check as an
 * imported chat's. A chat asked not to be remembered, here or on any device, is never written
 * again, and a captured chat is never replaced by another device's import of it.
 */
import { excludedChat } from '../memory/new-chat';
import type { Chat } from '../memory/types';
import { isSiteId } from '../sites/ids';
import { chatUrlOn } from '../sites/urls';
import { chatClock, joinChats } from '../sync/chat-clock';
import { chatStamp, travelsNow } from '../sync/chat-docs';
import { exclusionKey } from '../sync/codec';
import { deletedAt, deletionMark } from '../sync/deletion-marks';
import { dropChat } from './chat-drop';
import { type MemDB, db as productDb, type SyncedRow } from './db';
import { forgetInIndex } from './history-index';
import { tombstonedChatIds } from './tombstones';

/**
 * Deleting and forgetting chats. The product's store does it as the panel does
 * (lib/db/sync-chat-ops.ts: backups, undo records, parked answers, tombstones too); any other
 * store (a test's second device, the bench) gets what the store itself holds done.
 */
export interface ChatOps {
  delete(ids: readonly string[]): Promise<unknown>;
  exclude(id: string, site: Chat['site'], current: Chat | undefined): Promise<void>;
}

export const storeChatOps = (db: MemDB): ChatOps => ({
  delete: (ids) =>
    db.transaction('rw', [db.chats, db.jobs, db.hchats, db.hdead], async () => {
      for (const id of ids) await dropChat(db, id);
    }),
  exclude: (id, site, current) => excludeHere(db, id, site, current),
});

/** At most this much chat text is staged in one round; the rest goes in the rounds after. */
const STAGE_CHARS = 20_000_000;

export interface ChatScan {
  /** Every chat this store holds (excluded ones too). */
  present: Set<string>;
  /** Chats asked not to be remembered here (records and, in the product's store, tombstones). */
  excluded: Set<string>;
  /** Finished chats changed since they last synced, with their stamps (only when asked). */
  changed: { chat: Chat; h: string }[];
  /** More changed chats than one round stages. */
  more: boolean;
}

export async function scanChats(
  db: MemDB,
  synced: ReadonlyMap<string, string>,
  withChanges: boolean,
): Promise<ChatScan> {
  const present = new Set((await db.chats.toCollection().primaryKeys()) as string[]);
  const excluded = db === productDb ? await tombstonedChatIds() : new Set<string>();
  for (const id of (await db.chats.where('state').equals('excluded').primaryKeys()) as string[]) excluded.add(id);
  const out: ChatScan = { present, excluded, changed: [], more: false };
  if (!withChanges) return out;
  let chars = 0;
  // Read in key order, one at a time: a store of thousands of chats is never held whole.
  await db.chats
    .where('state')
    .equals('finished')
    .each((chat) => {
      if (!travelsNow(chat) || synced.has(exclusionKey(chat.id))) return;
      const h = chatStamp(chat);
      if (synced.get(`c:${chat.id}`) === h) return;
      if (chars > STAGE_CHARS) {
        out.more = true;
        return;
      }
      for (const t of chat.turns) chars += t.text.length;
      out.changed.push({ chat, h });
    });
  return out;
}

export interface IncomingChat {
  /** `c:<id>`. */
  key: string;
  chat: Chat;
  /** The part keys its head names (marked synced with it, so a later change deletes them). */
  parts: readonly string[];
}

export interface ChatApplyResult {
  applied: number;
  /** Changed here (or open, or a capture an import would replace): kept, sent next round. */
  deferred: number;
  /** Asked not to be remembered: never written (their keys, so the copy on the server is deleted). */
  refused: string[];
  /** Ids written: their index is behind until the background indexes them. */
  written: string[];
  /** Keys whose arriving head is older than what synced here (a replay): ignored, ours sent again. */
  stale: string[];
}

/** A chat captured in a browser is never replaced by an import of it (as history import does). */
const importOverCapture = (current: Chat | undefined, incoming: Chat) =>
  current !== undefined && current.origin !== 'imported' && incoming.origin === 'imported';

/** The arriving chat as this store keeps it: finished, its address checked, never less extracted. */
function arriving(chat: Chat, current: Chat | undefined): Chat {
  const extracted = current && current.version === chat.version ? current.extractedVersion : 0;
  return {
    ...chat,
    url: isSiteId(chat.site) ? chatUrlOn(chat.site, chat.url) : '',
    state: 'finished',
    extractedVersion: Math.max(chat.extractedVersion, extracted),
  };
}

export async function applyChats(db: MemDB, items: readonly IncomingChat[]): Promise<ChatApplyResult> {
  const result: ChatApplyResult = { applied: 0, deferred: 0, refused: [], written: [], stale: [] };
  if (items.length === 0) return result;
  const tombstones = db === productDb ? await tombstonedChatIds() : new Set<string>();
  await db.transaction('rw', [db.chats, db.hdirty, db.synced], async () => {
    for (const item of items) {
      const id = item.chat.id;
      const current = await db.chats.get(id);
      if (tombstones.has(id) || current?.state === 'excluded' || (await db.synced.get(exclusionKey(id)))) {
        result.refused.push(item.key, ...item.parts);
        continue;
      }
      const row = await db.synced.get(item.key);
      const next = arriving(item.chat, current);
      const clock = chatClock(next);
      const deleted = deletedAt(row?.h);
      // Older than what synced here, or from no later than its deletion here: a replay. A chat
      // deleted here stays deleted (the deletion is sent again); one present is sent again.
      if ((row?.c && clock < row.c) || (deleted !== null && clock <= deleted)) {
        result.stale.push(item.key);
        await db.synced.put({ ...(row as SyncedRow), h: '' });
        continue;
      }
      const here = current ? chatStamp(current) : undefined;
      const h = chatStamp(next);
      const changedHere = current !== undefined && here !== row?.h && here !== h;
      if (importOverCapture(current, next) || (changedHere && current.state === 'open')) {
        result.deferred++;
        continue;
      }
      // Turns from the copy whose turns changed last, the space from the one whose space did.
      const joined = current ? joinChats(current, next) : next;
      const stamp = chatStamp(joined);
      if (changedHere && stamp === here) {
        result.deferred++;
        continue;
      }
      result.applied++;
      // Marked as the copy that arrived: a joined record that differs from it is sent next round.
      await db.synced.bulkPut([
        { id: item.key, h, c: chatClock(joined) },
        ...item.parts.map((p) => ({ id: p, h: 'p' })),
      ]);
      if (here === stamp) continue;
      await db.chats.put(joined);
      await db.hdirty.put({ id });
      result.written.push(id);
    }
  });
  return result;
}

/**
 * Chats deleted on another device: deleted here unless changed here since they last synced (that
 * change travels and wins, as an edit after a deletion does) or asked not to be remembered (the
 * exclusion already took the text). Their parts' marks stay: the next stage deletes any part
 * this device wrote that the deleting device did not know of.
 */
export async function removeChats(
  db: MemDB,
  items: readonly { id: string; at: string }[],
  ops: ChatOps,
): Promise<number> {
  const gone: string[] = [];
  const marks: SyncedRow[] = [];
  for (const { id, at } of items) {
    const current = await db.chats.get(id);
    if (current?.state === 'excluded') continue;
    const row = await db.synced.get(`c:${id}`);
    // A deletion older than the state synced here (a replayed one, after the chat came back): kept.
    if (row?.c && at < row.c) {
      if (current) marks.push({ ...row, h: '' });
      continue;
    }
    if (current && chatStamp(current) !== row?.h) continue;
    if (current) gone.push(id);
    // Kept as a deletion marker: a replay of the chat from before it is refused.
    marks.push({ id: `c:${id}`, h: deletionMark(at), c: at });
  }
  await ops.delete(gone);
  await db.synced.bulkPut(marks);
  return gone.length;
}

/**
 * "Don't remember this chat" from another device: done here as if asked here (the text, its
 * index entries, its jobs and its backups go; later captures are ignored), whether or not
 * chat history travels, and whether or not this store held the chat.
 */
export async function excludeChats(db: MemDB, ids: readonly string[], ops: ChatOps): Promise<number> {
  let done = 0;
  for (const id of ids) {
    const cut = id.indexOf(':');
    const site = id.slice(0, cut);
    if (cut < 1 || !isSiteId(site)) continue;
    const current = await db.chats.get(id);
    if (current?.state !== 'excluded') {
      await ops.exclude(id, site, current);
      done++;
    }
    await db.synced.put({ id: exclusionKey(id), h: 'e' });
  }
  // Synced marks of the chat stay: the next stage sees it excluded and deletes its head and
  // parts from the server, so a copy this device had sent does not stay there.
  return done;
}

async function excludeHere(db: MemDB, id: string, site: Chat['site'], current: Chat | undefined): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction('rw', [db.chats, db.jobs, db.hchats, db.hdead], async () => {
    await forgetInIndex(id, current?.turns.map((t) => t.text) ?? [], db);
    await db.chats.put(
      excludedChat(
        { id, site, conversationId: id.slice(site.length + 1), url: current?.url ?? '', title: '' },
        current,
        at,
      ),
    );
    await db.jobs.where('chatId').equals(id).delete();
  });
}
