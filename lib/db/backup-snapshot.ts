/**
 * What one backup holds, and how it is checked. Memories are kept whole. Chats keep their
 * record and summary; a transcript is kept only while it still has to be extracted, and only
 * up to `TRANSCRIPT_BUDGET_CHARS` per backup, so seven backups never hold seven copies of
 * every chat. Chats under a tombstone keep no text at all. Settings are kept (they never
 * contain the key) so undoing an import also puts back the settings it changed. Spaces are kept
 * whole, so a restored memory always finds its space.
 */
import * as z from 'zod/mini';
import { type Space, SpaceSchema } from '../memory/spaces';
import { type Chat, ChatSchema, type MemoryRecord, MemoryRecordSchema } from '../memory/types';
import { isSiteId } from '../sites/ids';

export const TRANSCRIPT_BUDGET_CHARS = 2_000_000;

export interface Snapshot {
  memories: MemoryRecord[];
  chats: Chat[];
  /** Settings as stored (no key); absent in backups taken before settings were kept. */
  settings?: unknown;
  /** Every space; absent in backups taken before spaces (their memories are in none). */
  spaces?: Space[];
  /** Chats whose turns were left out of this backup (already extracted, or over the budget). */
  omittedTurns?: string[];
}

export const SnapshotSchema = z.object({
  memories: z.array(MemoryRecordSchema),
  chats: z.array(ChatSchema),
  settings: z.optional(z.unknown()),
  spaces: z.optional(z.array(SpaceSchema)),
  omittedTurns: z.optional(z.array(z.string())),
});

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A tombstoned chat as every copy must look: no title, turns or summary. */
export function forgotten(chat: Chat): Chat {
  return { ...chat, title: '', turns: [], summary: '', state: 'excluded' };
}

function turnChars(chat: Chat): number {
  return chat.turns.reduce((n, t) => n + t.text.length, 0);
}

export function buildSnapshot(input: {
  memories: MemoryRecord[];
  chats: readonly Chat[];
  settings: unknown;
  spaces: Space[];
  tombstones: ReadonlySet<string>;
}): Snapshot {
  let budget = TRANSCRIPT_BUDGET_CHARS;
  const omittedTurns: string[] = [];
  // Work still to do first, newest first: those transcripts are the ones worth keeping.
  const order = [...input.chats].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const kept = new Map<string, Chat>();
  for (const chat of order) {
    if (input.tombstones.has(chat.id) || chat.state === 'excluded') {
      kept.set(chat.id, forgotten(chat));
      continue;
    }
    const pending = chat.extractedVersion < chat.version;
    const size = turnChars(chat);
    if (chat.turns.length > 0 && (!pending || size > budget)) {
      omittedTurns.push(chat.id);
      kept.set(chat.id, { ...chat, turns: [] });
      continue;
    }
    budget -= size;
    kept.set(chat.id, chat);
  }
  const chats = input.chats.map((c) => kept.get(c.id) as Chat);
  return {
    memories: input.memories,
    chats,
    settings: input.settings,
    spaces: input.spaces,
    omittedTurns: omittedTurns.sort(),
  };
}

/** Removes a tombstoned chat's text from a stored snapshot; null when there was nothing to remove. */
export function purgeChat(snapshot: Snapshot, chatId: string): Snapshot | null {
  const chat = snapshot.chats.find((c) => c.id === chatId);
  if (!chat || (chat.state === 'excluded' && chat.turns.length === 0 && !chat.summary && !chat.title)) return null;
  return { ...snapshot, chats: snapshot.chats.map((c) => (c.id === chatId ? forgotten(c) : c)) };
}

/**
 * The excluded record a tombstone stands for, so a capture after a restore or rebuild still
 * finds the chat excluded; null for an id that names no known site.
 */
function tombstoneRecord(chatId: string, at: string): Chat | null {
  const colon = chatId.indexOf(':');
  const site = chatId.slice(0, colon);
  if (colon < 1 || !isSiteId(site)) return null;
  const conversationId = chatId.slice(colon + 1);
  return {
    id: chatId,
    site,
    conversationId,
    url: '',
    title: '',
    turns: [],
    version: 1,
    state: 'excluded',
    summary: '',
    extractedVersion: 0,
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  };
}

/** Adds an excluded record for every tombstone the chats do not already hold. */
export function withTombstones(chats: readonly Chat[], tombstones: ReadonlySet<string>, at: string): Chat[] {
  const have = new Set(chats.map((c) => c.id));
  const extra = [...tombstones].filter((id) => !have.has(id)).map((id) => tombstoneRecord(id, at));
  return [...chats, ...extra.filter((c): c is Chat => c !== null)];
}

/**
 * The spaces a restore or rebuild leaves: the backup's, over the store's of the same id; a space
 * made since the backup stays (an Undo of the restore puts back memories that are in it).
 */
export function spacesToRestore(snapshot: Snapshot, live: readonly Space[]): Space[] {
  const byId = new Map(live.map((s) => [s.id, s]));
  for (const s of snapshot.spaces ?? []) byId.set(s.id, s);
  return [...byId.values()];
}
