/**
 * Calendar windows relative to the user's today: days, ISO weeks (Monday first, as in China and
 * ISO 8601), months and years, as day ranges (lib/memory/when.ts). Pure date arithmetic on
 * calendar days, so no time zone can shift a window: the zone only decides which day is today.
 */
import { addDays, type CalendarDay, type DayRange, dayFromNumber, dayNumber } from '../memory/when';

export type Unit = 'day' | 'week' | 'month' | 'year';

function parts(day: CalendarDay): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

function dayOf(year: number, month: number, date: number): CalendarDay {
  return dayFromNumber(Date.UTC(year, month - 1, date) / 86_400_000);
}

export function monthRange(year: number, month: number): DayRange {
  // Date.UTC carries month 13 into the next year and day 0 back to the last of the month.
  return { from: dayOf(year, month, 1), to: dayOf(year, month + 1, 0) };
}

export function yearRange(year: number): DayRange {
  return { from: dayOf(year, 1, 1), to: dayOf(year, 12, 31) };
}

/** Monday of the day's ISO week. */
function weekStart(day: CalendarDay): CalendarDay {
  const n = dayNumber(day) as number;
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays.
  return dayFromNumber(n - ((((n + 3) % 7) + 7) % 7));
}

/** The unit `offset` steps from today's (0 this one, -1 the last, 1 the next), whole. */
export function unitRange(today: CalendarDay, unit: Unit, offset: number): DayRange {
  const [year, month] = parts(today);
  if (unit === 'day') {
    const day = addDays(today, offset);
    return { from: day, to: day };
  }
  if (unit === 'week') {
    const from = addDays(weekStart(today), 7 * offset);
    return { from, to: addDays(from, 6) };
  }
  if (unit === 'month') return monthRange(year, month + offset);
  return yearRange(year + offset);
}

/** The last `count` units up to today ("the past 3 days", "最近两周"). */
export function spanUntilToday(today: CalendarDay, unit: Unit, count: number): DayRange {
  const days = { day: 1, week: 7, month: 30, year: 365 }[unit] * count;
  return { from: addDays(today, -days), to: today };
}

/**
 * A month named without a year: the latest one not after today, and the coming one when the
 * user may mean it ("my trip in May", said in November): both windows count.
 */
export function monthWithoutYear(today: CalendarDay, month: number): DayRange[] {
  const [year, current] = parts(today);
  if (month === current) return [monthRange(year, month)];
  return month < current
    ? [monthRange(year, month), monthRange(year + 1, month)]
    : [monthRange(year - 1, month), monthRange(year, month)];
}

/** Weekday 1 (Monday) … 7 (Sunday) of the week `offset` weeks from today's. */
export function weekdayOf(today: CalendarDay, weekday: number, offset: number): DayRange {
  const day = addDays(weekStart(today), 7 * offset + weekday - 1);
  return { from: day, to: day };
}

/** The nearest such weekday before today (a bare "on Monday" asks about the past). */
export function lastWeekday(today: CalendarDay, weekday: number): DayRange {
  const thisWeek = weekdayOf(today, weekday, 0);
  return thisWeek.from < today ? thisWeek : weekdayOf(today, weekday, -1);
}
