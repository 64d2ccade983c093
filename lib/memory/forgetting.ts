/**
 * The forgetting rules of DESIGN.md §2/§3, as pure decisions over one record at a time, so the
 * maintenance run can apply them in small idempotent steps.
 */
import type { Chat, MemoryRecord } from './types';

const DAY = 86_400_000;
const TASK_ARCHIVE_DAYS = 45;
const SUPERSEDED_PURGE_DAYS = 30;
const WEAK_FACT_DAYS = 90;
/** The feedback weight a weak, long-unhit fact is lowered to (never raised back by this rule). */
export const WEAK_FACT_FEEDBACK = -1;

function ageDays(iso: string, nowMs: number): number {
  return (nowMs - Date.parse(iso)) / DAY;
}

function lastUse(m: MemoryRecord): string {
  return m.lastHitAt ?? m.updatedAt;
}

export function shouldArchiveTask(m: MemoryRecord, nowMs: number): boolean {
  return m.type === 'task' && m.status === 'active' && !m.pinned && ageDays(lastUse(m), nowMs) > TASK_ARCHIVE_DAYS;
}

/** `updatedAt` of a superseded memory is when it was superseded. */
export function shouldPurgeSuperseded(m: MemoryRecord, nowMs: number): boolean {
  return m.status === 'superseded' && ageDays(m.updatedAt, nowMs) > SUPERSEDED_PURGE_DAYS;
}

export function shouldDownWeightFact(m: MemoryRecord, nowMs: number): boolean {
  return (
    m.type === 'fact' &&
    m.status === 'active' &&
    m.importance < 2 &&
    m.feedback > WEAK_FACT_FEEDBACK &&
    ageDays(lastUse(m), nowMs) > WEAK_FACT_DAYS
  );
}

/** A transcript is dropped only once extracted, and only after the retention period. */
export function shouldDropTranscript(c: Chat, retentionDays: number, nowMs: number): boolean {
  return (
    c.turns.length > 0 &&
    c.state !== 'open' &&
    c.extractedVersion >= c.version &&
    ageDays(c.lastActivityAt, nowMs) > retentionDays
  );
}
