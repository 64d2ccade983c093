/**
 * What a request says about time, resolved against the user's today: the windows of days it
 * names ("last week", "上个月", "in May": a month without a year may mean the last one or the
 * next) and whether it asks when something happened ("when did I…", "我什么时候…"). English
 * first, then Chinese: the first expression found decides. A hand-written resolver rather than
 * a date parser library: those return one instant ("last week" → a day seven days ago, "in May"
 * → next May), not the window a memory search needs, and miss most Chinese relative words.
 */
import { type CalendarDay, type DayRange, dayNumber } from '../memory/when';
import { ASKS_WHEN_EN, englishWindows, RECALL_EN, RECALL_VERBS_EN } from './time-words-en';
import { ASKS_WHEN_ZH, chineseWindows, RECALL_VERBS_ZH, RECALL_ZH } from './time-words-zh';

export interface TimeRequest {
  /** The days the request is about; empty when it names no time. */
  windows: DayRange[];
  /** It asks for a date: memories that carry one answer it. */
  asksWhen: boolean;
  /**
   * It asks about the user's own doings ("what did I decide last week", "我们上周聊了什么"), so
   * memories from its window are worth showing even when its words match none. "Ski conditions
   * this week" names a time about the world: there the window only favours what matches.
   */
  recall: boolean;
  /**
   * The request without its time expression: what its words are matched with ("last week"
   * says when, not what: its words would match every memory that mentions a week).
   */
  rest: string | null;
}

export const NO_TIME: TimeRequest = { windows: [], asksWhen: false, recall: false, rest: null };

/** A request longer than this is read only at its start and end: a pasted document is no request. */
const MAX_READ = 2000;

function valid(range: DayRange): boolean {
  const a = dayNumber(range.from);
  const b = dayNumber(range.to);
  return a !== null && b !== null && a <= b;
}

/** Where a position of the read text (start and end of a long one, joined) is in the whole text. */
function inText(text: string, position: number): number {
  if (text.length <= MAX_READ || position <= MAX_READ / 2) return position;
  return text.length - MAX_READ / 2 + (position - MAX_READ / 2 - 1);
}

/**
 * The request without its time expression, nor the words that only ask what was said or done
 * ("talk about", "聊"): those match memories that mention talking, not the ones from then.
 */
function restOf(text: string, start: number, end: number): string {
  const rest = `${text.slice(0, start)} ${text.slice(end)}`;
  return rest.replace(RECALL_VERBS_EN, ' ').replace(RECALL_VERBS_ZH, ' ');
}

export function readTimeRequest(text: string, today: CalendarDay): TimeRequest {
  const read = text.length > MAX_READ ? `${text.slice(0, MAX_READ / 2)}\n${text.slice(-MAX_READ / 2)}` : text;
  const found = englishWindows(read, today) ?? chineseWindows(read, today);
  const windows = (found?.windows ?? []).filter(valid);
  const asksWhen = ASKS_WHEN_EN.test(read) || ASKS_WHEN_ZH.test(read);
  if (windows.length === 0 && !asksWhen) return NO_TIME;
  const rest = found && windows.length > 0 ? restOf(text, inText(text, found.start), inText(text, found.end)) : null;
  const recall = RECALL_EN.test(read) || RECALL_ZH.test(read);
  return { windows, asksWhen, recall, rest };
}
