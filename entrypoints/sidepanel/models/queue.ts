/**
 * The extraction queue as a person sees it: waiting, running, failed (with the reason in plain
 * words), done; and what extraction cost today and this month against the daily cap. Read live
 * from the jobs and usage tables; the buttons send `queue.*` messages.
 */
import { computed, signal } from '@preact/signals';
import type { UsageRow } from '../../../lib/db/db';
import { watch } from '../../../lib/db/live';
import { type QueueRow, queuePause, queueRows, usageSince } from '../../../lib/db/panel-reads';
import { type BoundHit, boundsHit } from '../../../lib/db/site-bounds';
import { t } from '../../../lib/i18n';
import type { JobState, QueuePause } from '../../../lib/memory/types';
import { send } from '../../../lib/protocol/panel-send';
import { now, utcDay } from '../../../lib/time';
import { fail, messageOf, say } from './notice';

const rows = signal<readonly QueueRow[]>([]);
const usage = signal<readonly UsageRow[]>([]);
export const queueLoaded = signal(false);
/** Why extraction is stopped (wrong key, wrong model, daily cap), or null while it runs. */
export const pause = signal<QueuePause | null>(null);
/** Sites that reached one of their per-site limits, while the limit lasts. */
export const bounds = signal<readonly BoundHit[]>([]);

export const DONE_SHOWN = 20;

export function groupJobs(all: readonly QueueRow[]): Record<JobState, QueueRow[]> {
  const out: Record<JobState, QueueRow[]> = { pending: [], running: [], failed: [], done: [] };
  for (const r of all) out[r.job.state].push(r);
  out.done = out.done.slice(0, DONE_SHOWN);
  return out;
}

export const groups = computed(() => groupJobs(rows.value));

export interface UsageTotals {
  tokens: number;
  costUsd: number;
  /** Cost of calls to providers that bill in yuan. */
  costCny: number;
  /** Tokens whose price is unknown: shown as tokens only, never as a cost. */
  unpricedTokens: number;
  calls: number;
}

export function totals(list: readonly UsageRow[], prefix: string): UsageTotals {
  const out = { tokens: 0, costUsd: 0, costCny: 0, unpricedTokens: 0, calls: 0 };
  for (const r of list) {
    if (!r.day.startsWith(prefix)) continue;
    out.tokens += r.inputTokens + r.outputTokens;
    out.costUsd += r.costUsd;
    out.costCny += r.costCny ?? 0;
    out.unpricedTokens += r.unpricedTokens ?? 0;
    out.calls += r.calls;
  }
  return out;
}

export const today = computed(() => totals(usage.value, utcDay()));
export const month = computed(() => totals(usage.value, utcDay().slice(0, 7)));

export function startQueueModel(): () => void {
  const stopJobs = watch(queueRows, (r) => {
    rows.value = r;
    queueLoaded.value = true;
  });
  const stopUsage = watch(
    () => usageSince(`${utcDay().slice(0, 7)}-01`),
    (u) => {
      usage.value = u;
    },
  );
  const stopPause = watch(queuePause, (p) => {
    pause.value = p;
  });
  const stopBounds = watch(
    () => boundsHit(now()),
    (b) => {
      bounds.value = b;
    },
  );
  return () => {
    stopJobs();
    stopUsage();
    stopPause();
    stopBounds();
  };
}

async function queueAction(run: () => Promise<unknown>, done: () => string): Promise<void> {
  try {
    await run();
    say(done);
  } catch (error) {
    fail(messageOf(error));
  }
}

export const retryJob = (jobId: string) =>
  queueAction(
    () => send('queue.retry', { jobId }),
    () => t('queue.retried'),
  );
export const discardJob = (jobId: string) =>
  queueAction(
    () => send('queue.discard', { jobId }),
    () => t('queue.discarded'),
  );

/** One chat, or every waiting one ("Extract the n waiting chats now"). */
export function extractNow(chatId?: string): Promise<void> {
  const ids = chatId ? [chatId] : groups.value.pending.map((r) => r.job.chatId);
  return queueAction(
    async () => {
      for (const id of ids) await send('queue.extractNow', { chatId: id });
    },
    () => t('queue.extracting'),
  );
}
