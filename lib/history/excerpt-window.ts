/**
 * Past chats and a request that names a time ("what did we decide last week", "上周聊的方案"):
 * a chat whose last change falls in the window, on the user's own calendar, is preferred among
 * those that match the request's words; and a request about the user's own doings that names
 * only a time gets the opening exchange of the window's newest chats (the opening says what a
 * chat was about). Pure: the store's side is lib/db/past-chats.ts.
 */
import { type DayRange, localDay } from '../memory/when';
import { type ExcerptChat, exchangeAt, headOf, type Leave, type PastChatExcerpt } from './excerpts';

/** How much more an excerpt of a chat from the window scores than one from another time. */
const WINDOW_BOOST = 0.5;
const DAY_MS = 86_400_000;

export function inWindows(atMs: number, windows: readonly DayRange[], timeZone?: string): boolean {
  if (windows.length === 0 || !Number.isFinite(atMs)) return false;
  const day = localDay(atMs, timeZone);
  return windows.some((w) => w.from <= day && day <= w.to);
}

/** Bounds on a stored UTC time wide enough for every time zone: read by index, then checked. */
export function windowBounds(windows: readonly DayRange[]): { lo: string; hi: string } {
  const lo = Math.min(...windows.map((w) => Date.parse(w.from))) - DAY_MS;
  const hi = Math.max(...windows.map((w) => Date.parse(w.to))) + 2 * DAY_MS;
  return { lo: new Date(lo).toISOString(), hi: new Date(hi).toISOString() };
}

/** The score an excerpt ranks by: more for a chat from the request's window. */
export function windowScore(score: number, atMs: number, windows: readonly DayRange[], timeZone?: string): number {
  return inWindows(atMs, windows, timeZone) ? score * (1 + WINDOW_BOOST) : score;
}

/** The chat's first exchange: the user's opening turn and the start of the answer. */
export function openingExchange(chat: ExcerptChat, leave: Leave): PastChatExcerpt | null {
  const anchor = chat.turns.findIndex((t) => t.role === 'user');
  if (anchor < 0) return null;
  const { text, turns } = exchangeAt(chat.turns, anchor, leave);
  if (text === '') return null;
  return { ...headOf(chat, leave), text, turns, score: 0, coverage: 0, why: 'window' };
}
