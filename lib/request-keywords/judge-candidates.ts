/**
 * What the request keywords call may judge besides the draft: the ranker's best memories and
 * past-chat exchanges for it, numbered in the order the model sees them. Each candidate's text
 * (a memory, an exchange, a chat's title) leaves through the privacy filter's exit with the
 * user's patterns (lib/privacy/leaving.ts: normalised and filtered in one step, then one line),
 * and only then is cut short: the model needs enough to judge, not the whole note. Pure.
 */
import type { MemoryType } from '../memory/types';
import { leavingLine } from '../privacy/leaving';
import type { RankedMemory } from '../ranking/ranked';
import type { RenderableExcerpt } from '../ranking/render';
import type { PrivacyPattern } from '../settings/schema';

/** The ranker's best this many memories are offered: the block keeps at most 12 of them. */
const MEMORY_CANDIDATES = 40;
/** Past-chat exchanges offered: the block keeps at most two. */
export const CHAT_CANDIDATES = 6;
/**
 * An exchange is offered when it holds at least this share of the request's words (the block's
 * own floor, without a model, is 0.35): the model is the judge of the rest, so near misses
 * that share few words with the request may still reach it.
 */
export const CANDIDATE_FLOOR = 0.2;
/** A memory longer than this is cut for judging (the block still carries it whole). */
const MEMORY_CHARS = 300;
/** An exchange is cut to this many characters for judging. */
const EXCHANGE_CHARS = 500;

export interface MemoryCandidate {
  id: string;
  type: MemoryType;
  text: string;
}

export interface ChatCandidate {
  chatId: string;
  site: RenderableExcerpt['site'];
  title: string;
  date: string;
  text: string;
  /** The turns the exchange shows: which excerpt of the chat it was, when the block is made. */
  turns: readonly number[];
}

export interface JudgeCandidates {
  memories: readonly MemoryCandidate[];
  chats: readonly ChatCandidate[];
}

export const NO_CANDIDATES: JudgeCandidates = { memories: [], chats: [] };

export function hasCandidates(c: JudgeCandidates): boolean {
  return c.memories.length > 0 || c.chats.length > 0;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The first MEMORY_CANDIDATES ranked memories and CHAT_CANDIDATES exchanges, filtered and cut. */
export function judgeCandidates(
  ranked: readonly RankedMemory[],
  excerpts: readonly (RenderableExcerpt & { turns: readonly number[] })[],
  patterns: readonly PrivacyPattern[],
): JudgeCandidates {
  return {
    memories: ranked.slice(0, MEMORY_CANDIDATES).map((r) => ({
      id: r.memory.id,
      type: r.memory.type,
      text: cut(leavingLine(r.memory.content, patterns), MEMORY_CHARS),
    })),
    chats: excerpts.slice(0, CHAT_CANDIDATES).map((e) => ({
      chatId: e.chatId,
      site: e.site,
      title: cut(leavingLine(e.title, patterns), 120),
      date: e.date,
      text: cut(leavingLine(e.text, patterns), EXCHANGE_CHARS),
      turns: e.turns,
    })),
  };
}
