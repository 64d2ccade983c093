/**
 * What a request says about time, resolved against the user's today: the windows of days it
 * names ("last week", "上个月", "in May": a month without a year may mean the last one or the
 * next) and whether it asks when something happened ("when did I…", "我什么时候…"). English
 * first, then Chinese: the first expression found decides. A hand-written resolver rather than
 * a date parser library: those return one instant ("last week" → a day seven days ago, "in May"
 * → next May), not the window a memory search needs, and miss most Chinese relative words.
 */
import { type CalendarDay, type DayRange, dayNumber } from '../memory/when';
import { ASKS_WHEN_EN, englishWindows, FIRST_PERSON_EN, RECALL_EN, RECALL_VERBS_EN } from './time-words-en';
import { ASKS_WHEN_ZH, chineseWindows, FIRST_PERSON_ZH, RECALL_VERBS_ZH, RECALL_ZH } from './time-words-zh';

export interface TimeRequest {
  /** The days the request is about; empty when it names no time. */
  windows: DayRange[];
  /** It asks for a date: memories that carry one answer it. */
  asksWhen: boolean;
  /**
   * It asks about the user's own doings ("what did I decide last week", "我们上周聊了什么"), so
   * memories written in its window count, even when its words match none. Otherwise ("ski
   * conditions last week", "help me plan this week") the time is about the world or a plan: only
   * a memory whose own date falls in the window is favoured, and only when it matches.
   */
  recall: boolean;
  /**
   * The request without its time expression and asking verbs: what its words are matched with
   * ("last week" says when, not what: it would match every memory that mentions a week).
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

/**
 * A question about the user's own doings: it asks what was said or done ("what did we talk
 * about", "发生了什么"), or speaks of the user at a time wholly past ("my week before last",
 * "我昨天…"). "Help me plan this week" and "我本月的预算" are plans, not recall.
 */
function isRecall(text: string, windows: readonly DayRange[], today: CalendarDay): boolean {
  if (RECALL_EN.test(text) || RECALL_ZH.test(text)) return true;
  const past = windows.length > 0 && windows.every((w) => w.to < today);
  return past && (FIRST_PERSON_EN.test(text) || FIRST_PERSON_ZH.test(text));
}

export function readTimeRequest(text: string, today: CalendarDay): TimeRequest {
  const read = text.length > MAX_READ ? `${text.slice(0, MAX_READ / 2)}\n${text.slice(-MAX_READ / 2)}` : text;
  const found = englishWindows(read, today) ?? chineseWindows(read, today);
  const windows = (found?.windows ?? []).filter(valid);
  const asksWhen = ASKS_WHEN_EN.test(read) || ASKS_WHEN_ZH.test(read);
  if (windows.length === 0 && !asksWhen) return NO_TIME;
  // The time's words are taken out even where a memory's text says them too ("今年"): extraction
  // writes absolute dates, so a memory says "2026年" and the window, not the word, finds it.
  const rest = found && windows.length > 0 ? restOf(text, inText(text, found.start), inText(text, found.end)) : null;
  return { windows, asksWhen, recall: isRecall(read, windows, today), rest };
}
