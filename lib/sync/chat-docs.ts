/**
 * A chat as sealed documents: a head (the record without its turns) and its turns as JSON text
 * cut into parts small enough to seal under the document bound (codec.ts MAX_SEALED_CHARS).
 * A part's id names the hash of all the turns, so a part never changes once written: a chat
 * that changed gets new parts and its old ones are deleted, and two devices never write
 * different text under one part id.
 */
import * as z from 'zod/mini';
import type { Chat } from '../memory/types';
import { TurnSchema } from '../memory/types';
import { boundTurns } from '../sites/bounds';
import { quickHash } from './bytes';
import { canon } from './canon';
import { type ChatDoc, chatKey, MAX_CHAT_PARTS, type PartDoc, type SyncedChat, SyncedChatSchema } from './codec';

/**
 * A part's text, escaped as JSON and in UTF-8, is at most this many bytes: sealed and in
 * base64 (4/3) with its id and the GCM tag it stays under 256 KiB, the bound of every document.
 */
const PART_BYTES = 160_000;

const SYNCED_CHAT_FIELDS = Object.keys(SyncedChatSchema.shape) as (keyof SyncedChat)[];

/** Bytes one UTF-16 unit takes once escaped in a JSON string and encoded in UTF-8. */
function unitBytes(c: number): number {
  if (c === 0x22 || c === 0x5c) return 2;
  if (c < 0x20) return c === 0x0a || c === 0x0d || c === 0x09 || c === 0x08 || c === 0x0c ? 2 : 6;
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  return 3;
}

/** Cuts text into pieces of at most `limit` escaped bytes, never between a surrogate pair. */
function cutText(text: string, limit = PART_BYTES): string[] {
  const out: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c < 0xdc00 && i + 1 < text.length;
    const width = pair ? 2 : 1;
    const cost = pair ? 4 : c >= 0xd800 && c < 0xe000 ? 6 : unitBytes(c);
    if (bytes + cost > limit && i > start) {
      out.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += cost;
    i += width;
  }
  if (start < text.length || out.length === 0) out.push(text.slice(start));
  return out;
}

function projectChat(chat: Chat): SyncedChat {
  const out: Record<string, unknown> = {};
  for (const f of SYNCED_CHAT_FIELDS) if (chat[f] !== undefined) out[f] = chat[f];
  return out as SyncedChat;
}

/**
 * What the store keeps of a chat it last synced: a chat whose stamp differs changed here since.
 * Turns change only with `version` (capture, import, "don't remember" all raise it), so the
 * stamp reads the record and the turns' count, never the whole text, for every chat every round.
 */
export function chatStamp(chat: Chat): string {
  return quickHash(`${canon(projectChat(chat))}\u0001${chat.turns.length}`);
}

/** A chat travels once finished (an open one changes at every capture) and while it has text. */
export const travelsNow = (chat: Chat): boolean => chat.state === 'finished' && chat.turns.length > 0;

export function chatDocs(chat: Chat): { head: ChatDoc; parts: PartDoc[] } {
  const json = JSON.stringify(chat.turns);
  const h = quickHash(json);
  const key = chatKey(chat.id);
  const parts = cutText(json).map((text, i) => ({ k: 't' as const, id: `t:${chat.id}:${h}:${i}`, text }));
  return {
    head: { k: 'c', id: key, rec: projectChat(chat), n: chat.turns.length, h, parts: parts.map((p) => p.id) },
    parts,
  };
}

const TurnsSchema = z.array(TurnSchema);

/**
 * The chat a head and its parts describe, checked: every part there, the turns' hash and count
 * as the head says, each turn as the schema says, and bounded as a capture is. Null when a part
 * has not arrived yet (or fails a check): the head is tried again when it comes.
 */
export function assembleChat(head: ChatDoc, parts: ReadonlyMap<string, PartDoc>): Chat | null {
  if (head.parts.length === 0 || head.parts.length > MAX_CHAT_PARTS) return null;
  if (head.id !== chatKey(head.rec.id)) return null;
  let json = '';
  for (const [i, id] of head.parts.entries()) {
    const part = parts.get(id);
    if (!part || id !== `t:${head.rec.id}:${head.h}:${i}`) return null;
    json += part.text;
  }
  if (quickHash(json) !== head.h) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const turns = TurnsSchema.safeParse(raw);
  if (!turns.success || turns.data.length !== head.n) return null;
  return { ...head.rec, turns: boundTurns(turns.data), state: 'finished' };
}
