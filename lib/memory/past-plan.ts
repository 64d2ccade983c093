/**
 * A plan whose day is over: what the block and the panel mark `past`, so a stale plan never
 * reads as upcoming. A plan is a task with a date, or a memory whose date was still ahead when
 * it was written (an interview, a trip, a deadline). A memory about a day already behind it when
 * written ("moved here in October", "lives here since 2025") was never upcoming: marking it
 * past would read as "no longer true".
 */
import type { MemoryRecord } from './types';
import { type CalendarDay, isPast, localDay, parseWhen } from './when';

/** Without its written time, only a task is known to be a plan. */
export type Dated = Pick<MemoryRecord, 'type' | 'when'> & { createdAt?: string };

export function isPastPlan(memory: Dated, today: CalendarDay, timeZone?: string): boolean {
  const range = memory.when ? parseWhen(memory.when) : null;
  if (!range || !isPast(memory.when as string, today)) return false;
  if (memory.type === 'task') return true;
  const written = memory.createdAt === undefined ? Number.NaN : Date.parse(memory.createdAt);
  return Number.isFinite(written) && range.to >= localDay(written, timeZone);
}
