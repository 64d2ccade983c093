/**
 * Repository for the `usage` table: tokens, calls and estimated cost per UTC day, written after
 * every API answer (valid or not, since both are billed). The daily token cap reads it.
 */
import { utcDay } from '../time';
import { db, type UsageRow } from './db';

export interface UsageDelta {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

function emptyUsage(day: string): UsageRow {
  return { day, inputTokens: 0, outputTokens: 0, costUsd: 0, calls: 0 };
}

function addTo(row: UsageRow, delta: UsageDelta, calls = 1): UsageRow {
  return {
    ...row,
    inputTokens: row.inputTokens + delta.inputTokens,
    outputTokens: row.outputTokens + delta.outputTokens,
    costUsd: row.costUsd + delta.costUsd,
    calls: row.calls + calls,
  };
}

/** Adds one call's usage to its day and to the job that made it, atomically. */
export async function recordCallUsage(at: string, delta: UsageDelta, jobId: string | null): Promise<void> {
  const day = utcDay(at);
  await db.transaction('rw', db.usage, db.jobs, async () => {
    const row = (await db.usage.get(day)) ?? emptyUsage(day);
    await db.usage.put(addTo(row, delta));
    if (!jobId) return;
    const job = await db.jobs.get(jobId);
    if (job) {
      await db.jobs.update(jobId, {
        inputTokens: job.inputTokens + delta.inputTokens,
        outputTokens: job.outputTokens + delta.outputTokens,
      });
    }
  });
}

export async function usageOfDay(day: string): Promise<UsageRow> {
  return (await db.usage.get(day)) ?? emptyUsage(day);
}

/** Rows for days in [fromDay, toDay], oldest first; days without calls are absent. */
export function usageBetween(fromDay: string, toDay: string): Promise<UsageRow[]> {
  return db.usage.where('day').between(fromDay, toDay, true, true).toArray();
}
