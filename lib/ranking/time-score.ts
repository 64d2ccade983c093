/**
 * The `time` part of a memory's score: a request about a time ("what did I decide last week")
 * prefers memories from then, and a request asking when prefers memories that carry a date.
 * A memory is "from" a window when the day it is about (`when`) falls in it, or, for a question
 * about the user's own doings, the day it was written: "what did I decide last week" is about
 * when it was said, "what's on next week" about the date a plan names. Days are the user's
 * (their time zone), stored times UTC.
 */
import type { MemoryRecord } from '../memory/types';
import { type CalendarDay, type DayRange, localDay, parseWhen } from '../memory/when';
import type { TimeRequest } from './time-window';

export interface TimeWeights {
  /** A memory dated in the window, or written then and matching the request's words. */
  inWindow: number;
  /** A memory written in the window that matches nothing else: all a time-only recall can go on. */
  onlyInWindow: number;
  /** A dated memory, for a request asking when. */
  dated: number;
}

export const TIME_WEIGHTS: TimeWeights = { inWindow: 0.3, onlyInWindow: 0.12, dated: 0.12 };

function overlaps(a: DayRange, b: DayRange): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** The day it was written, in the user's time zone. */
function writtenDay(memory: Pick<MemoryRecord, 'createdAt'>, timeZone?: string): CalendarDay {
  return localDay(Date.parse(memory.createdAt), timeZone);
}

/**
 * From the window: the day it is about falls in it, or (`byWritten`, for a recall question)
 * the day it was written does.
 */
export function fromWindow(
  memory: Pick<MemoryRecord, 'createdAt' | 'when'>,
  windows: readonly DayRange[],
  timeZone?: string,
  byWritten = true,
): boolean {
  if (windows.length === 0) return false;
  const about = memory.when ? parseWhen(memory.when) : null;
  const ranges: DayRange[] = about ? [about] : [];
  if (byWritten) {
    const written = writtenDay(memory, timeZone);
    ranges.push({ from: written, to: written });
  }
  return windows.some((w) => ranges.some((r) => overlaps(w, r)));
}

export function timePart(
  memory: Pick<MemoryRecord, 'createdAt' | 'when'>,
  request: TimeRequest,
  textMatch: number,
  w: TimeWeights = TIME_WEIGHTS,
  timeZone?: string,
): number {
  let part = 0;
  // A memory dated in the window is what "what's on next week" asks for, words or not: its date
  // says so. One written then counts only for a recall question, in full when it matches too.
  if (fromWindow(memory, request.windows, timeZone, false)) part += w.inWindow;
  else if (request.recall && fromWindow(memory, request.windows, timeZone, true))
    part += textMatch > 0 ? w.inWindow : w.onlyInWindow;
  if (request.asksWhen && memory.when && parseWhen(memory.when)) part += w.dated;
  return part;
}
