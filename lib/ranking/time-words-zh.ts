/**
 * Chinese time expressions in a request, resolved against the user's today: 昨天, 前天, 上周,
 * 上周五, 这个月, 上个月, 去年, 去年五月, 5月, 2025年3月, 三天前, 两周前, 最近, 这几天, 过去两周.
 * Numbers may be written in digits or characters (一 … 十二, 两, 几). Linear-time patterns.
 */
import type { CalendarDay, DayRange } from '../memory/when';
import { monthRange, monthWithoutYear, spanUntilToday, type Unit, unitRange, weekdayOf, yearRange } from './calendar';
import type { TimePhrase } from './time-phrase';

const DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 十二 → 12, 两 → 2, 几 → 3 (a few), 3 → 3. */
function number(word: string): number {
  if (/^\d+$/.test(word)) return Number(word);
  if (word === '几') return 3;
  const ten = word.indexOf('十');
  if (ten < 0) return DIGITS[word] ?? 0;
  const tens = ten === 0 ? 1 : (DIGITS[word.slice(0, ten)] ?? 0);
  return tens * 10 + (DIGITS[word.slice(ten + 1)] ?? 0);
}

const NUM = '(\\d{1,2}|[一二两三四五六七八九十]{1,3}|几)';
/** A month's number: never 几 ("几月" asks which month) nor 两. */
const MONTH_NUM = '(\\d{1,2}|十[一二]?|[一二三四五六七八九])';
const YEAR_WORD: Record<string, number> = { 前年: -2, 去年: -1, 今年: 0, 明年: 1 };
const WEEK = '(?:周|星期|礼拜)';
const WEEKDAY_WORD: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const WEEK_OFFSET: Record<string, number> = { 上: -1, 这: 0, 本: 0, 下: 1 };
/** 上/这/本/下 as "last/this/next", not after a number or 一 ("借了一本周刊", "看一下周报"). */
const SHIFT = '(?<![几一二两三四五六七八九十\\d])([上这本下])';
const UNIT_WORD: Record<string, Unit> = {
  天: 'day',
  日: 'day',
  周: 'week',
  星期: 'week',
  礼拜: 'week',
  月: 'month',
  年: 'year',
};
const UNIT = '(天|日|周|星期|礼拜|月|年)';

type Rule = [RegExp, (m: RegExpExecArray, today: CalendarDay) => DayRange[]];

function thisYear(today: CalendarDay): number {
  return Number(today.slice(0, 4));
}

/** Tried in order; the first that matches decides (longer phrases first). */
const RULES: Rule[] = [
  [/大前天/, (_, t) => [unitRange(t, 'day', -3)]],
  [/前天/, (_, t) => [unitRange(t, 'day', -2)]],
  [/昨天|昨日|昨晚/, (_, t) => [unitRange(t, 'day', -1)]],
  [/今天|今日|今晚|今早/, (_, t) => [unitRange(t, 'day', 0)]],
  [/后天/, (_, t) => [unitRange(t, 'day', 2)]],
  [/明天|明日/, (_, t) => [unitRange(t, 'day', 1)]],
  [
    new RegExp(`${NUM}\\s*个?\\s*${UNIT}(?:以前|之前|前)`),
    (m, t) => [unitRange(t, UNIT_WORD[m[2] as string] as Unit, -number(m[1] as string))],
  ],
  [
    new RegExp(`(?:过去|最近|近|这)\\s*${NUM}\\s*个?\\s*${UNIT}`),
    (m, t) => [spanUntilToday(t, UNIT_WORD[m[2] as string] as Unit, number(m[1] as string))],
  ],
  [
    new RegExp(`${SHIFT}个?${WEEK}([一二三四五六日天])`),
    (m, t) => [weekdayOf(t, WEEKDAY_WORD[m[2] as string] as number, WEEK_OFFSET[m[1] as string] as number)],
  ],
  [new RegExp(`${SHIFT}个?周末`), (m, t) => [weekend(t, WEEK_OFFSET[m[1] as string] as number)]],
  [new RegExp(`${SHIFT}个?${WEEK}`), (m, t) => [unitRange(t, 'week', WEEK_OFFSET[m[1] as string] as number)]],
  [new RegExp(`${SHIFT}个?月`), (m, t) => [unitRange(t, 'month', WEEK_OFFSET[m[1] as string] as number)]],
  [new RegExp(`(\\d{4})\\s*年\\s*${MONTH_NUM}\\s*月`), (m) => [monthRange(Number(m[1]), number(m[2] as string))]],
  [
    new RegExp(`(前年|去年|今年|明年)\\s*${MONTH_NUM}\\s*月`),
    (m, t) => [monthRange(thisYear(t) + (YEAR_WORD[m[1] as string] as number), number(m[2] as string))],
  ],
  [/(\d{4})\s*年/, (m) => [yearRange(Number(m[1]))]],
  [/前年|去年|今年|明年/, (m, t) => [yearRange(thisYear(t) + (YEAR_WORD[m[0]] as number))]],
  // A month with no day after it ("5月", "五月份"): "5月3日" is a day, read by the rule below.
  [new RegExp(`${MONTH_NUM}\\s*月(?!\\s*${NUM}\\s*[日号])`), (m, t) => monthOf(t, number(m[1] as string))],
  [new RegExp(`${MONTH_NUM}\\s*月\\s*${NUM}\\s*[日号]`), (m, t) => dayOfMonth(t, m)],
  [/这几天|这两天|近几天/, (_, t) => [spanUntilToday(t, 'day', 7)]],
  [/最近|近来|近期|前阵子|前段时间|这段时间/, (_, t) => [spanUntilToday(t, 'day', 30)]],
];

function monthOf(today: CalendarDay, month: number): DayRange[] {
  return month >= 1 && month <= 12 ? monthWithoutYear(today, month) : [];
}

/** "5月3日" without a year: this year's, or last year's when it is still to come. */
function dayOfMonth(today: CalendarDay, m: RegExpExecArray): DayRange[] {
  const [month, date] = [number(m[1] as string), number(m[2] as string)];
  if (month < 1 || month > 12 || date < 1 || date > 31) return [];
  const day = (year: number) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  const candidate = day(thisYear(today));
  const chosen = candidate <= today ? candidate : day(thisYear(today) - 1);
  return [{ from: chosen, to: chosen }];
}

function weekend(today: CalendarDay, offset: number): DayRange {
  return { from: weekdayOf(today, 6, offset).from, to: weekdayOf(today, 7, offset).to };
}

/** The windows the first time expression of a Chinese request names, and where it stands; null when none. */
export function chineseWindows(text: string, today: CalendarDay): TimePhrase | null {
  for (const [pattern, resolve] of RULES) {
    const m = pattern.exec(text);
    if (m) return { windows: resolve(m, today), start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** 什么时候, 哪天, 几号, 哪一年, 几月, 多久以前, 何时: the answer is a date. */
export const ASKS_WHEN_ZH = /什么时候|啥时候|哪天|哪一天|几号|哪年|哪一年|几月|哪个月|多久以前|多久之前|何时/;

/** The user in the first person: with a time wholly past, a question about their own doings. */
export const FIRST_PERSON_ZH = /我|咱/;

/** Verbs that only ask what was said or done: nothing a memory is about. */
const ASKING_VERBS = '聊过|聊了|聊|说过|说了|提到|提过|讨论过|讨论|发生|做了|干了|做过';
/** A recall question ("我们聊了什么", "上周决定了什么"): its verbs ask what was said or done. */
export const RECALL_ZH = new RegExp(`${ASKING_VERBS}|决定`);
/** The asking verbs, taken out of the words a recall question is matched with (决定 stays: a decision is what a memory may hold). */
export const RECALL_VERBS_ZH = new RegExp(ASKING_VERBS, 'g');
