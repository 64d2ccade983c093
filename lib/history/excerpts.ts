/**
 * Excerpts of past chats for a conversation start: the best-matching exchange of a
 * chat — the user's turn and the start of the answer, and what followed while there is room —
 * at most EXCERPT_CHARS characters, with the chat's title, site and date; up to two, and none
 * under the relevance floor. Every text of an excerpt (its turns, its title) is what `leave`
 * makes of it: the privacy filter's exit (lib/privacy/leaving.ts), normalised and filtered in one
 * step, before anything is cut. Pure: the store's side is lib/db/past-chats.ts.
 */
import type { SiteId } from '../sites/ids';

export const EXCERPT_CHARS = 600;
export const MAX_EXCERPTS = 2;
/**
 * The relevance floor: the best excerpt's turns must hold at least this idf-weighted share of
 * the request's words (lib/history/excerpt-score.ts). Set on the benchmark's tuning half.
 */
export const MIN_COVERAGE = 0.35;
/** What the other matching turns inside an excerpt add to its best turn's score. */
const OTHER_TURNS = 0.5;
/** A second excerpt, once the first cleared the floor, needs this share of it. */
const SECOND_FLOOR = 0.5;
/** A turn cut shorter than this is not worth its label. */
const MIN_PIECE = 60;
/** A turn counts as shown when the excerpt holds all of it or at least this much of its start. */
export const SHOWN_CHARS = 200;

export type ExcerptReason = 'match' | 'continuation';

export interface ExcerptTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface ExcerptChat {
  id: string;
  site: SiteId;
  title: string;
  url: string;
  updatedAt: string;
  turns: readonly ExcerptTurn[];
}

export interface PastChatExcerpt {
  chatId: string;
  site: SiteId;
  title: string;
  url: string;
  /** The chat's last change (ISO). */
  date: string;
  /** "User: …" and "Assistant: …" lines, at most EXCERPT_CHARS characters in all. */
  text: string;
  /** Turns the excerpt shows (whole, or at least SHOWN_CHARS of their start). */
  turns: number[];
  score: number;
  /** Share of the request's words its turns hold (1 for a continuation). */
  coverage: number;
  why: ExcerptReason;
}

const LABEL = { user: 'User: ', assistant: 'Assistant: ' } as const;

/** A text as it may leave: one line, filtered (lib/privacy/leaving.ts `leavingLine`). */
export type Leave = (text: string) => string;

/**
 * The exchange around turn `anchor`: from the user's turn that asked (the anchor itself, or the
 * one before an answer), forward while it fits; the last turn cut with "…". A user turn too long
 * to leave room for the answer is cut to two thirds of the room.
 */
function exchangeAt(
  turns: readonly ExcerptTurn[],
  anchor: number,
  leave: Leave,
  max = EXCERPT_CHARS,
): { text: string; turns: number[] } {
  const asked = turns[anchor]?.role === 'assistant' && turns[anchor - 1]?.role === 'user';
  const start = asked ? anchor - 1 : anchor;
  const lines: string[] = [];
  const shown: number[] = [];
  let used = 0;
  for (let t = start; t < turns.length; t++) {
    const turn = turns[t]!;
    const sep = lines.length > 0 ? 1 : 0;
    const label = LABEL[turn.role];
    const room = max - used - sep - label.length;
    if (room < MIN_PIECE) break;
    const body = leave(turn.text);
    if (body === '') continue;
    const firstOfTwo = t === start && turns[t + 1] !== undefined && turn.role === 'user';
    const limit = firstOfTwo && body.length > room ? Math.floor((room * 2) / 3) : room;
    const piece = body.length <= limit ? body : `${body.slice(0, limit - 1).trimEnd()}…`;
    lines.push(label + piece);
    used += sep + label.length + piece.length;
    if (body.length <= limit || limit - 1 >= SHOWN_CHARS) shown.push(t);
    if (piece.length < body.length && !firstOfTwo) break;
  }
  return { text: lines.join('\n'), turns: shown };
}

/** A matching turn of a chat with its score and the request's units it holds (lib/history/excerpt-score.ts). */
export interface TurnMatch {
  turn: number;
  score: number;
  units: readonly number[];
}

/**
 * The chat's excerpt windows, one per anchor (a matching turn), best first. An excerpt's
 * coverage is that of the units its shown turns hold together: a question and its answer
 * often share the request's words between them.
 */
export function excerptsOfChat(
  chat: ExcerptChat,
  anchors: readonly TurnMatch[],
  matches: readonly TurnMatch[],
  coverageOf: (units: Iterable<number>) => number,
  leave: Leave,
): PastChatExcerpt[] {
  const byTurn = new Map(matches.map((m) => [m.turn, m]));
  const out: PastChatExcerpt[] = [];
  for (const m of anchors) {
    if (!chat.turns[m.turn]) continue;
    const { text, turns } = exchangeAt(chat.turns, m.turn, leave);
    if (text === '') continue;
    const others = turns.reduce((sum, t) => sum + (t === m.turn ? 0 : (byTurn.get(t)?.score ?? 0)), 0);
    const units = [...m.units, ...turns.flatMap((t) => byTurn.get(t)?.units ?? [])];
    out.push({
      ...headOf(chat, leave),
      text,
      turns,
      score: m.score + OTHER_TURNS * others,
      coverage: coverageOf(units),
      why: 'match',
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** What an excerpt says of its chat: which one, where and when it is from (the title filtered too). */
const headOf = (chat: ExcerptChat, leave: Leave) => ({
  chatId: chat.id,
  site: chat.site,
  title: leave(chat.title),
  url: chat.url,
  date: chat.updatedAt,
});

const overlaps = (a: PastChatExcerpt, b: PastChatExcerpt) =>
  a.chatId === b.chatId && a.turns.some((t) => b.turns.includes(t));

/**
 * Up to `max` excerpts over the floor, best first, never two showing the same turn. Between
 * equal scores the newer chat comes first.
 */
export function chooseExcerpts(
  candidates: readonly PastChatExcerpt[],
  max = MAX_EXCERPTS,
  floor = MIN_COVERAGE,
): PastChatExcerpt[] {
  const sorted = candidates
    .filter((c) => c.coverage >= floor * SECOND_FLOOR)
    .sort((a, b) => b.score - a.score || b.date.localeCompare(a.date));
  // The request is about an earlier chat only when its best excerpt clears the floor.
  if (!sorted.some((c) => c.coverage >= floor)) return [];
  const out: PastChatExcerpt[] = [];
  for (const c of sorted) {
    if (out.length >= max) break;
    if (out.some((o) => overlaps(o, c))) continue;
    out.push(c);
  }
  return out;
}

/** The last exchange of a chat: what "where did we leave off?" takes. */
export function lastExchange(chat: ExcerptChat, leave: Leave): PastChatExcerpt | null {
  let anchor = -1;
  for (let t = chat.turns.length - 1; t >= 0; t--) {
    if (chat.turns[t]!.role === 'user') {
      anchor = t;
      break;
    }
  }
  if (anchor < 0) anchor = chat.turns.length - 1;
  if (anchor < 0) return null;
  const { text, turns } = exchangeAt(chat.turns, anchor, leave);
  if (text === '') return null;
  return {
    ...headOf(chat, leave),
    text,
    turns,
    score: 0,
    coverage: 1,
    why: 'continuation',
  };
}
