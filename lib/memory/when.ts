/**
 * The date a memory is about (an interview, a trip, a deadline, a move): one calendar day or a
 * range of days, written `2026-11-27` or `2026-11-27/2026-11-30` (ISO 8601 dates and interval).
 * Calendar days, not instants: "on Friday" is the user's Friday wherever the clock is, so days
 * are read in the user's own time zone (`localDay`) while every stored timestamp stays UTC.
 */
import * as z from 'zod/mini';

/** A calendar day, `YYYY-MM-DD`. */
export type CalendarDay = string;

export interface DayRange {
  from: CalendarDay;
  to: CalendarDay;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** Dates outside these years are a model's slip or a typo, never a memory's date. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;

/** The day's number since 1970-01-01, or null when it is no real calendar day ("2026-02-30"). */
export function dayNumber(day: string): number | null {
  const m = DAY_PATTERN.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null;
  return ms / DAY_MS;
}

export function dayFromNumber(n: number): CalendarDay {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const n = dayNumber(day);
  if (n === null) throw new Error(`not a calendar day: ${day}`);
  return dayFromNumber(n + days);
}

/** `2026-11-27` → that day twice; `2026-11-27/2026-11-30` → both ends; anything else → null. */
export function parseWhen(value: string): DayRange | null {
  const [from = '', to = from, extra] = value.trim().split('/');
  if (extra !== undefined) return null;
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null || b < a) return null;
  return { from, to };
}

/** The field as stored: a day or a range, validated to the calendar (start never after end). */
export const WhenSchema = z.string().check(
  z.maxLength(21),
  z.refine((value) => parseWhen(value) !== null, 'a date (YYYY-MM-DD) or a range (YYYY-MM-DD/YYYY-MM-DD)'),
);

export function formatWhen(range: DayRange): string {
  return range.from === range.to ? range.from : `${range.from}/${range.to}`;
}

/** The user's calendar day at an instant: in their time zone (the browser's unless named). */
export function localDay(ms: number, timeZone?: string): CalendarDay {
  return formatter(timeZone).format(new Date(ms));
}

/** A formatter costs far more to make than to use: one per zone, made once. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    // en-CA writes YYYY-MM-DD; Intl is in every context we run in (pages, worker, Node).
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(key, f);
  }
  return f;
}

/**
 * How far from the day a chat was written a model's date may reach: a date beyond is a slip
 * ("2062" for "2026", a birth year read as a plan), not an event a chat recalls or plans.
 */
const YEARS_BACK = 120;
const YEARS_AHEAD = 50;

/** The model's date when it is one a chat of `today` can be about; undefined otherwise. */
export function plausibleWhen(when: string | undefined, today: CalendarDay): string | undefined {
  const range = when === undefined ? null : parseWhen(when);
  if (!range) return undefined;
  const year = Number(today.slice(0, 4));
  const [from, to] = [Number(range.from.slice(0, 4)), Number(range.to.slice(0, 4))];
  return from >= year - YEARS_BACK && to <= year + YEARS_AHEAD ? when : undefined;
}

/** Over: the whole range is before `today`, so a plan or task with this date is past. */
export function isPast(when: string, today: CalendarDay): boolean {
  const range = parseWhen(when);
  return range !== null && range.to < today;
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Short as the block shows it: a whole month as `2026-05`, a whole year as `2026`, one day as
 * itself, any other range with both ends.
 */
export function shortWhen(when: string): string {
  const range = parseWhen(when);
  if (!range) return '';
  if (range.from === range.to) return range.from;
  const [fy, fm, fd] = range.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split('-').map(Number) as [number, number, number];
  if (fy === ty && fm === 1 && fd === 1 && tm === 12 && td === 31) return String(fy);
  if (fy === ty && fm === tm && fd === 1 && td === lastDayOfMonth(ty, tm)) return range.from.slice(0, 7);
  return `${range.from}–${range.to}`;
}
