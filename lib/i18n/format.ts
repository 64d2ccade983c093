/** Dates, numbers and money in the panel's language. Stored times are UTC; shown in local time. */
import { lang } from './index';

const locale = () => (lang.value === 'zh' ? 'zh-CN' : 'en');

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function relativeTime(iso: string, nowMs: number = Date.now()): string {
  const diff = Date.parse(iso) - nowMs;
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit);
  }
  return rtf.format(0, 'minute');
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** Month and day; the year too when it is not the current one ("Jan 8, 2024"). */
export function shortDate(iso: string, nowMs: number = Date.now()): string {
  const date = new Date(iso);
  const otherYear = date.getFullYear() !== new Date(nowMs).getFullYear();
  return new Intl.DateTimeFormat(locale(), {
    month: 'short',
    day: 'numeric',
    ...(otherYear ? { year: 'numeric' } : {}),
  }).format(date);
}

export function number(n: number): string {
  return n.toLocaleString(locale());
}

export function money(n: number, currency: 'USD' | 'CNY'): string {
  return n.toLocaleString(locale(), { style: 'currency', currency, maximumFractionDigits: n < 1 ? 3 : 2 });
}

/** A byte count as kB / MB / GB, one decimal above 10 units. */
export function bytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toLocaleString(locale(), { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}
