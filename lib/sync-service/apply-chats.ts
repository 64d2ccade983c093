/**
 * Applying chat documents (apply.ts calls it for each batch): exclusions and deletions always,
 * whatever the switch says; chats only while chat history travels here. A chat is written once
 * its head and every part it names are in the mirror, whichever of them arrives last (a push
 * can stop between them), read back from the mirror so a conflict's resolution is what counts.
 */
import type { IncomingChat } from '../db/sync-chats';
import { assembleChat } from '../sync/chat-docs';
import { type ChatDoc, chatKey, decodeDoc, encodeDoc, type GoneDoc, type PartDoc, type PlainDoc } from '../sync/codec';
import type { SyncKeys } from '../sync/keys';
import { serverId } from '../sync/keys';
import { currentRevs, type Write, writeRevs } from '../sync/mirror-docs';
import type { Db } from '../sync/pouch-types';
import type { Travel } from '../sync/schemas';
import type { LocalPort } from './local-port';

export interface ChatChanges {
  /** Chats whose head or a part arrived. */
  touched: Set<string>;
  /** Chats deleted elsewhere, with the deletion's time. */
  removed: Map<string, string>;
  /** Chats asked not to be remembered elsewhere. */
  excluded: Set<string>;
  /** Parts deleted elsewhere (their synced marks go). */
  partsGone: string[];
}

const partChat = (key: string) => key.slice(2, key.lastIndexOf(':', key.lastIndexOf(':') - 1));

export const isChatDoc = (d: PlainDoc): boolean =>
  d.k === 'c' || d.k === 't' || d.k === 'e' || (d.k === 'x' && (d.id.startsWith('c:') || d.id.startsWith('t:')));

/** Notes a chat document for the batch's end; false for any other kind. */
export function noteChatDoc(d: PlainDoc, c: ChatChanges): boolean {
  if (!isChatDoc(d)) return false;
  if (d.k === 'c') c.touched.add(d.id.slice(2));
  else if (d.k === 't') c.touched.add(partChat(d.id));
  else if (d.k === 'e') c.excluded.add(d.id.slice(2));
  else if (d.id.startsWith('c:')) c.removed.set(d.id.slice(2), (d as GoneDoc).at);
  else c.partsGone.push(d.id);
  return true;
}

async function opened(keys: SyncKeys, mirror: Db, ids: readonly string[]): Promise<Map<string, PlainDoc>> {
  const sids = await Promise.all(ids.map((id) => serverId(keys, id)));
  const leaves = await currentRevs(mirror, sids);
  const out = new Map<string, PlainDoc>();
  await Promise.all(
    ids.map(async (id, i) => {
      const leaf = leaves.get(sids[i] as string);
      const d = leaf ? await decodeDoc(keys, leaf.body) : null;
      if (d?.ok && d.doc.id === id) out.set(id, d.doc);
    }),
  );
  return out;
}

/** The chats of `ids` whose head and parts are all in the mirror. */
async function complete(keys: SyncKeys, mirror: Db, ids: readonly string[]): Promise<IncomingChat[]> {
  const heads = [...(await opened(keys, mirror, ids.map(chatKey))).values()].filter((d): d is ChatDoc => d.k === 'c');
  const parts = await opened(
    keys,
    mirror,
    heads.flatMap((h) => h.parts),
  );
  const texts = new Map([...parts].filter((e): e is [string, PartDoc] => e[1].k === 't'));
  return heads.flatMap((head) => {
    const chat = assembleChat(head, texts);
    return chat ? [{ key: head.id, chat, parts: head.parts }] : [];
  });
}

/**
 * A chat that reached the server after it was asked not to be remembered (replayed, or sent by a
 * device that had not heard yet): its head and parts are deleted there too.
 */
async function deleteRefused(keys: SyncKeys, mirror: Db, ids: readonly string[], now: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const sids = await Promise.all(ids.map((id) => serverId(keys, id)));
  const leaves = await currentRevs(mirror, sids);
  const writes: Write[] = [];
  for (const [i, id] of ids.entries()) {
    const leaf = leaves.get(sids[i] as string);
    if (leaf) writes.push({ ...(await encodeDoc(keys, { k: 'x', id, at: now })), _rev: leaf.rev });
  }
  return writeRevs(mirror, writes);
}

/**
 * Applies what a batch noted; returns the ids of chats written here, and how many chats changed
 * here (a forgotten chat's head and parts are deleted from the server by this round's second stage).
 */
export async function applyChatChanges(
  input: { keys: SyncKeys; mirror: Db; local: LocalPort; travel: Travel; now: string; own: Set<string> },
  c: ChatChanges,
): Promise<{ written: string[]; changed: number; stale: string[] }> {
  const { local } = input;
  let changed = 0;
  if (c.excluded.size > 0) changed += await local.excludeChats([...c.excluded]);
  if (c.removed.size > 0) changed += await local.removeChats([...c.removed].map(([id, at]) => ({ id, at })));
  if (c.partsGone.length > 0) await local.markSynced([], c.partsGone);
  if (!input.travel.chats || c.touched.size === 0) return { written: [], changed, stale: [] };
  const ids = [...c.touched].filter((id) => !c.excluded.has(id) && !c.removed.has(id));
  const written: string[] = [];
  const stale: string[] = [];
  // A few chats at a time: each may be 600,000 characters across many parts.
  for (let i = 0; i < ids.length; i += 50) {
    const items = await complete(input.keys, input.mirror, ids.slice(i, i + 50));
    const result = await local.applyChats(items);
    written.push(...result.written);
    stale.push(...result.stale);
    for (const w of await deleteRefused(input.keys, input.mirror, result.refused, input.now)) input.own.add(w);
  }
  return { written, changed: changed + written.length, stale };
}
