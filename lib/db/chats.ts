/**
 * Repository for captured chats. A capture carries the whole ordered list of turns the page
 * shows; storing it is idempotent, so repeated or concurrent captures never duplicate a turn.
 */

import { chatIdOf, excludedChat, newChat } from '../memory/new-chat';
import type { Chat, Turn } from '../memory/types';
import { stripInjectedBlocks } from '../ranking/render';
import type { SiteId } from '../sites/ids';
import { now } from '../time';
import { db } from './db';
import { NOT_STORED } from './extraction';
import { forgetInIndex, markHistoryDirty } from './history-index';
import { enqueueExtraction } from './jobs';
import { dropParkedOfChat } from './parked';
import { addTombstone, removeTombstone } from './tombstones';
import { forgetChatInUndo } from './undo-log';

export interface CapturedTurn {
  role: Turn['role'];
  text: string;
}

function sameTurns(a: readonly CapturedTurn[], b: readonly CapturedTurn[]): boolean {
  return a.length === b.length && a.every((t, i) => t.role === b[i]?.role && t.text === b[i]?.text);
}

/**
 * Same turn: same role and text, except that the newest stored turn may have grown since it
 * was captured (an answer read just before streaming ended).
 */
function sameTurn(stored: CapturedTurn, seen: CapturedTurn, mayGrow: boolean): boolean {
  if (stored.role !== seen.role) return false;
  return stored.text === seen.text || (mayGrow && seen.text.startsWith(stored.text));
}

/**
 * Merges what the page shows into what is stored. Pages that virtualise long chats show only
 * a window of turns, so the stored head is kept and the window aligned on the stored turns;
 * a window that lies inside what is stored changes nothing. When nothing aligns (an edited
 * or regenerated message), the page is the truth.
 */
export function mergeTurns(stored: readonly Turn[], seen: readonly CapturedTurn[], at: string): Turn[] {
  if (seen.length === 0) return [...stored];
  for (let start = 0; start < stored.length; start++) {
    const tail = stored.slice(start);
    const overlap = Math.min(tail.length, seen.length);
    const last = stored.length - 1;
    let aligned = true;
    for (let i = 0; i < overlap && aligned; i++) aligned = sameTurn(tail[i]!, seen[i]!, start + i === last);
    if (!aligned) continue;
    if (tail.length > seen.length) return [...stored];
    const merged = seen.map((t, i) => ({ ...t, at: tail[i]?.at ?? at }));
    return [...stored.slice(0, start), ...merged];
  }
  return seen.map((t, i) => {
    const old = stored[i];
    return { ...t, at: old && old.role === t.role && old.text === t.text ? old.at : at };
  });
}

/** Captured user turns never keep the block this extension injected (DESIGN.md §1.1). */
export function cleanTurns(turns: readonly CapturedTurn[], marks: readonly string[]): CapturedTurn[] {
  return turns
    .map((t) => (t.role === 'user' ? { role: t.role, text: stripInjectedBlocks(t.text, marks) } : t))
    .filter((t) => t.text.trim() !== '');
}

export async function recordCapture(input: {
  site: SiteId;
  conversationId: string;
  url: string;
  title: string;
  turns: readonly CapturedTurn[];
  /** This install's block marks: only blocks carrying one are stripped. */
  marks?: readonly string[];
}): Promise<Chat | null> {
  const id = chatIdOf(input.site, input.conversationId);
  const seen = cleanTurns(input.turns, input.marks ?? []);
  return db.transaction('rw', db.chats, db.hdirty, async () => {
    const at = now();
    const existing = await db.chats.get(id);
    if (existing?.state === 'excluded') return null;
    // A file's history under this id is not what this page shows: the capture starts afresh.
    if (!existing || existing.origin === 'imported') {
      const chat = newChat({ ...input, turns: seen }, at);
      await db.chats.put(chat);
      await markHistoryDirty([id]);
      return chat;
    }
    const turns = mergeTurns(existing.turns, seen, at);
    const changed = !sameTurns(existing.turns, turns);
    const next: Chat = {
      ...existing,
      url: input.url,
      title: input.title || existing.title,
      turns,
      version: changed ? existing.version + 1 : existing.version,
      state: changed ? 'open' : existing.state,
      updatedAt: changed ? at : existing.updatedAt,
      lastActivityAt: at,
    };
    await db.chats.put(next);
    if (changed) await markHistoryDirty([id]);
    return next;
  });
}

export function getChat(id: string): Promise<Chat | undefined> {
  return db.chats.get(id);
}

export function listChats(): Promise<Chat[]> {
  return db.chats.orderBy('updatedAt').reverse().toArray();
}

/**
 * "Don't remember this chat": the transcript is dropped, future captures are ignored, and a
 * tombstone keeps every restore, rebuild and import from bringing it back.
 */
export async function excludeChat(site: SiteId, conversationId: string, url: string): Promise<void> {
  const id = chatIdOf(site, conversationId);
  const at = now();
  await db.transaction('rw', [db.chats, db.jobs, db.hchats, db.hdead], async () => {
    const existing = await db.chats.get(id);
    await forgetInIndex(id, existing?.turns.map((t) => t.text) ?? []);
    await db.chats.put(excludedChat({ id, site, conversationId, url, title: existing?.title ?? '' }, existing, at));
    await db.jobs
      .where('chatId')
      .equals(id)
      .filter((j) => j.state === 'pending')
      .delete();
    // A job whose call is out ends here: its worker no longer holds it, so its answer is not stored.
    await db.jobs
      .where('chatId')
      .equals(id)
      .filter((j) => j.state === 'running')
      .modify({ state: 'done', runner: null, leaseUntil: null, outcome: NOT_STORED.excluded, updatedAt: at });
  });
  // An undo record of a restore may hold the chat's turns, a parked answer its memories: they go too.
  await forgetChatInUndo(id);
  await dropParkedOfChat(id);
  try {
    await addTombstone(id, at);
  } catch (error) {
    // The live record still says excluded and restores read it too; new backups leave the text
    // out, older ones keep it until they age out.
    console.warn('claude-mem: could not record the tombstone', (error as Error).name);
  }
}

/** Lets a chat be remembered again (its earlier turns are gone; new ones are captured). */
export async function includeChat(id: string): Promise<void> {
  await removeTombstone(id);
  await db.chats.update(id, { state: 'open', updatedAt: now() });
}

/** What a page or the side panel shows about one conversation. */
export async function chatStatus(id: string) {
  const chat = await db.chats.get(id);
  return {
    chatId: id,
    excluded: chat?.state === 'excluded',
    state: chat?.state ?? null,
    turns: chat?.turns.length ?? 0,
  };
}

export async function isExcluded(id: string): Promise<boolean> {
  return (await db.chats.get(id))?.state === 'excluded';
}

/** The chat is finished (idle, tab closed, navigated away, or "extract now"): queue it. */
export async function finishChat(id: string): Promise<boolean> {
  return db.transaction('rw', db.chats, db.jobs, async () => {
    const chat = await db.chats.get(id);
    if (!chat || chat.state === 'excluded' || chat.turns.length === 0) return false;
    if (chat.state !== 'finished') await db.chats.update(id, { state: 'finished' });
    return enqueueExtraction(chat);
  });
}

/** Open chats idle since before `cutoffIso`: the idle timer's candidates. */
export function idleOpenChats(cutoffIso: string): Promise<Chat[]> {
  return db.chats
    .where('lastActivityAt')
    .below(cutoffIso)
    .filter((c) => c.state === 'open')
    .toArray();
}
