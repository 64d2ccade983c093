/**
 * Repository for the `usage` table: tokens, calls and estimated cost per UTC day, written after
 * every API answer (valid or not, since both are billed). The daily token cap reads it.
 */
import type { CallCost } from '../provider/pricing';
import { utcDay } from '../time';
import { db, type UsageRow } from './db';

export interface UsageDelta {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  costCny?: number;
  unpricedTokens?: number;
}

/** One call's tokens and cost, with the cost under its currency (or its tokens as unpriced). */
export function usageDelta(tokens: { inputTokens: number; outputTokens: number }, cost: CallCost): UsageDelta {
  const delta: UsageDelta = { ...tokens, costUsd: 0 };
  if (!cost.known) delta.unpricedTokens = tokens.inputTokens + tokens.outputTokens;
  else if (cost.currency === 'CNY') delta.costCny = cost.amount;
  else delta.costUsd = cost.amount;
  return delta;
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
    ...(delta.costCny || row.costCny ? { costCny: (row.costCny ?? 0) + (delta.costCny ?? 0) } : {}),
    ...(delta.unpricedTokens || row.unpricedTokens
      ? { unpricedTokens: (row.unpricedTokens ?? 0) + (delta.unpricedTokens ?? 0) }
      : {}),
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
