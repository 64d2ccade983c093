/**
 * English time expressions in a request, each resolved against the user's today to the window
 * of days it names: "yesterday", "last week", "this month", "in May", "May 2025", "3 days ago",
 * "the past two weeks", "last Friday", "recently". Each pattern is a plain alternation over
 * words, so matching stays linear in the request's length.
 */
import type { CalendarDay, DayRange } from '../memory/when';
import {
  lastWeekday,
  monthRange,
  monthWithoutYear,
  spanUntilToday,
  type Unit,
  unitRange,
  weekdayOf,
  yearRange,
} from './calendar';
import type { TimePhrase } from './time-phrase';

const MONTHS = [
  'jan(?:uary)?',
  'feb(?:ruary)?',
  'mar(?:ch)?',
  'apr(?:il)?',
  'may',
  'june?',
  'july?',
  'aug(?:ust)?',
  'sep(?:t(?:ember)?)?',
  'oct(?:ober)?',
  'nov(?:ember)?',
  'dec(?:ember)?',
];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  few: 3,
  couple: 2,
};
const COUNT = `(\\d{1,2}|${Object.keys(NUMBERS).join('|')})`;
const UNIT = '(day|week|month|year)s?';
const MONTH = `(${MONTHS.join('|')})`;
const WEEKDAY = `(${WEEKDAYS.join('|')})`;

function count(word: string): number {
  return NUMBERS[word] ?? Number(word);
}

function monthIndex(word: string): number {
  return MONTHS.findIndex((p) => new RegExp(`^${p}$`).test(word)) + 1;
}

type Rule = [RegExp, (m: RegExpExecArray, today: CalendarDay) => DayRange[]];

const OFFSET: Record<string, number> = { last: -1, past: -1, previous: -1, this: 0, next: 1, coming: 1 };

/** Tried in order; the first that matches decides (longer phrases first). */
const RULES: Rule[] = [
  [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => [{ from: m[0], to: m[0] }]],
  [/\bthe day before yesterday\b/, (_, t) => [unitRange(t, 'day', -2)]],
  [/\bthe day after tomorrow\b/, (_, t) => [unitRange(t, 'day', 2)]],
  [/\b(yesterday|last night)\b/, (_, t) => [unitRange(t, 'day', -1)]],
  [/\b(today|tonight|this (?:morning|afternoon|evening))\b/, (_, t) => [unitRange(t, 'day', 0)]],
  [/\btomorrow\b/, (_, t) => [unitRange(t, 'day', 1)]],
  [new RegExp(`\\b${COUNT} ${UNIT} ago\\b`), (m, t) => [unitRange(t, m[2] as Unit, -count(m[1] as string))]],
  [
    new RegExp(`\\b(?:the )?(?:last|past|previous) ${COUNT} ${UNIT}\\b`),
    (m, t) => [spanUntilToday(t, m[2] as Unit, count(m[1] as string))],
  ],
  [/\b(last|past|previous|this|next|coming) weekend\b/, (m, t) => [weekend(t, OFFSET[m[1] as string] as number)]],
  [
    new RegExp(`\\b(last|this|next) ${WEEKDAY}\\b`),
    (m, t) => namedWeekday(t, WEEKDAYS.indexOf(m[2] as string) + 1, OFFSET[m[1] as string] as number),
  ],
  [
    /\b(last|past|previous|this|next|coming) (week|month|year)\b/,
    (m, t) => [unitRange(t, m[2] as Unit, OFFSET[m[1] as string] as number)],
  ],
  [new RegExp(`\\b${MONTH},? (\\d{4})\\b`), (m) => [monthRange(Number(m[2]), monthIndex(m[1] as string))]],
  [new RegExp(`\\blast ${MONTH}\\b`), (m, t) => lastNamedMonth(t, monthIndex(m[1] as string))],
  [new RegExp(`\\b(?:in|since|during|of|early|late|mid|until|by) ${MONTH}\\b`), monthOf],
  [/\b(?:in|since|during|of) (\d{4})\b/, (m) => [yearRange(Number(m[1]))]],
  [new RegExp(`\\bon ${WEEKDAY}\\b`), (m, t) => [lastWeekday(t, WEEKDAYS.indexOf(m[1] as string) + 1)]],
  [/\b(recently|lately|these days|the other day)\b/, (_, t) => [spanUntilToday(t, 'day', 30)]],
];

function monthOf(m: RegExpExecArray, today: CalendarDay): DayRange[] {
  return monthWithoutYear(today, monthIndex(m[1] as string));
}

/** "last May": the latest May before this month. */
function lastNamedMonth(today: CalendarDay, month: number): DayRange[] {
  const [past] = monthWithoutYear(today, month);
  const year = Number(today.slice(0, 4));
  const current = Number(today.slice(5, 7));
  return [month >= current ? monthRange(year - 1, month) : (past as DayRange)];
}

/**
 * "last Friday": last week's; "this Friday": this week's; "next Friday": next week's, and this
 * week's too while it is still ahead (people mean either).
 */
function namedWeekday(today: CalendarDay, weekday: number, offset: number): DayRange[] {
  const named = weekdayOf(today, weekday, offset);
  if (offset !== 1) return [named];
  const thisWeek = weekdayOf(today, weekday, 0);
  return thisWeek.from > today ? [thisWeek, named] : [named];
}

function weekend(today: CalendarDay, offset: number): DayRange {
  return { from: weekdayOf(today, 6, offset).from, to: weekdayOf(today, 7, offset).to };
}

/** The windows the first time expression of an English request names, and where it stands; null when none. */
export function englishWindows(text: string, today: CalendarDay): TimePhrase | null {
  const lower = text.toLowerCase();
  for (const [pattern, resolve] of RULES) {
    const m = pattern.exec(lower);
    if (m) return { windows: resolve(m, today), start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** "When did I…", "what date…", "how long ago…": the answer is a date. */
export const ASKS_WHEN_EN =
  /\b(?:when (?:did|was|were|is|are|will|do|does|have|has|had|am)|what (?:day|date|time|year|month)|which (?:day|date|year|month)|how long ago)\b/i;

/** The user in the first person: with a time wholly past, a question about their own doings. */
export const FIRST_PERSON_EN = /\b(?:i|i'm|i've|i'd|me|my|mine|we|we've|our|us)\b/i;

/** Verbs that only ask what was said or done: nothing a memory is about. */
const ASKING_VERBS = 'talk(?:ed)?|discuss(?:ed)?|said|say|mention(?:ed)?|remind|remember|recall|happened|did';
/** A recall question ("what did we talk about", "what did I decide"): its verbs ask what was said or done. */
export const RECALL_EN = new RegExp(`\\b(?:${ASKING_VERBS}|decided?)\\b`, 'i');
/**
 * The asking verbs, taken out of the words a recall question is matched with. "Decide" stays:
 * a decision is what a memory may hold.
 */
export const RECALL_VERBS_EN = new RegExp(`\\b(?:${ASKING_VERBS})\\b`, 'gi');
