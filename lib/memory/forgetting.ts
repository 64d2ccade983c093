/**
 * The forgetting rules of DESIGN.md §2/§3, as pure decisions over one record at a time, so the
 * maintenance run can apply them in small idempotent steps.
 */
import type { KeepChatHistory } from '../settings/schema';
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

const KEEP_DAYS: Readonly<Record<KeepChatHistory, number>> = {
  'until-extracted': 0,
  '30d': 30,
  '1y': 365,
  forever: Number.POSITIVE_INFINITY,
};

/** How far ahead a bring-in date may be and still be believed: another device's clock may run ahead. */
const CLOCK_SLACK_MS = DAY;

/**
 * Since when a chat's text has been kept: its last message, or the day a file brought it in when
 * that is later (history from a 2023 export brought in today is kept for the chosen time from
 * today, not dropped at the next tidy-up). A bring-in date a little ahead (a synced device's
 * clock) counts as now; one further ahead is not believed, so no file keeps a chat forever.
 */
function keptSince(c: Chat, nowMs: number): number {
  const last = Date.parse(c.lastActivityAt);
  const imported = c.importedAt ? Date.parse(c.importedAt) : Number.NaN;
  if (!(imported <= nowMs + CLOCK_SLACK_MS)) return last;
  return Math.max(last, Math.min(imported, nowMs));
}

/**
 * A chat's text is dropped after the time the user chose ("Keep chat history"), and only once
 * it has done its work: extracted, or imported (history that is never queued by itself). An
 * open chat, or one still waiting for extraction, keeps its text whatever the setting.
 */
export function shouldDropTranscript(c: Chat, keep: KeepChatHistory, nowMs: number): boolean {
  const done = c.extractedVersion >= c.version || (c.origin === 'imported' && keep !== 'until-extracted');
  return (
    c.turns.length > 0 && c.state !== 'open' && done && (nowMs - keptSince(c, nowMs)) / DAY > (KEEP_DAYS[keep] ?? 365)!
  );
}
