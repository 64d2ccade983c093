import { finishChat, getChat } from '../../../lib/db/chats';
import { releaseFromBatch } from '../../../lib/db/extract-batches';
import { discardJob, getJob, jobIdOf, listQueue, retryJob } from '../../../lib/db/jobs';
import { getPause } from '../../../lib/db/queue-state';
import { loadSettings } from '../../../lib/db/settings-store';
import { usageBetween, usageOfDay } from '../../../lib/db/usage';
import type { JobView } from '../../../lib/extraction/views';
import type { Job } from '../../../lib/memory/types';
import { MessageError } from '../../../lib/protocol/define';
import { priceFor } from '../../../lib/provider/pricing';
import { kickExtraction } from '../../../lib/queue/service';
import { now, utcDay } from '../../../lib/time';
import type { HandlerGroup } from '../router';

function view(job: Job, chatTitle: string, site: string): JobView {
  return {
    id: job.id,
    chatId: job.chatId,
    chatTitle,
    site,
    state: job.state,
    attempts: job.attempts,
    nextAttemptAt: job.nextAttemptAt,
    lastError: job.lastError,
    // Mid-run, `outcome` holds running totals as JSON: not for display.
    outcome: job.state === 'done' ? (job.outcome ?? null) : null,
    inputTokens: job.inputTokens,
    outputTokens: job.outputTokens,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

async function viewOf(job: Job): Promise<JobView> {
  const chat = await getChat(job.chatId);
  return view(job, chat?.title ?? '', chat?.site ?? '');
}

async function extractNow(chatId: string) {
  const chat = await getChat(chatId);
  if (!chat) throw new MessageError('bad_request', `no chat ${chatId}`);
  if (chat.state === 'excluded') throw new MessageError('bad_request', 'This chat is excluded from memory.');
  await finishChat(chatId);
  const jobId = jobIdOf(chat.id, chat.version);
  const job = await getJob(jobId);
  if (!job) return { jobId: null, queued: false, message: 'This chat is already extracted at its current version.' };
  if (job.state === 'done') return { jobId, queued: false, message: job.outcome ?? 'Already extracted.' };
  if (job.state !== 'running') await retryJob(jobId);
  // Asked for by name: it runs now, whatever its batch's pause or place in line.
  await releaseFromBatch(jobId);
  kickExtraction();
  const pause = await getPause(now());
  return { jobId, queued: true, message: pause ? `Queued, but extraction is paused: ${pause.message}` : 'Extracting.' };
}

async function usageSummary() {
  const settings = await loadSettings();
  const day = utcDay();
  const monthStart = `${day.slice(0, 8)}01`;
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = await usageBetween(from < monthStart ? from : monthStart, day);
  const month = { day: monthStart, inputTokens: 0, outputTokens: 0, costUsd: 0, calls: 0 };
  for (const d of days.filter((row) => row.day >= monthStart)) {
    month.inputTokens += d.inputTokens;
    month.outputTokens += d.outputTokens;
    month.costUsd += d.costUsd;
    month.calls += d.calls;
  }
  const today = await usageOfDay(day);
  const cap = settings.dailyTokenCap;
  return {
    today,
    month,
    days: days.filter((d) => d.day >= from),
    dailyTokenCap: cap,
    capReached: cap > 0 && today.inputTokens + today.outputTokens >= cap,
    paused: await getPause(now()),
    price: { model: settings.model, ...priceFor(settings.model, settings.provider) },
  };
}

export const queueHandlers: HandlerGroup<
  'queue.list' | 'queue.extractNow' | 'queue.retry' | 'queue.discard' | 'usage.summary'
> = {
  'queue.list': async () => ({
    jobs: (await listQueue()).map((r) => view(r.job, r.chatTitle, r.site)),
    paused: await getPause(now()),
  }),
  'queue.extractNow': ({ chatId }) => extractNow(chatId),
  'queue.retry': async ({ jobId }) => {
    const job = await retryJob(jobId);
    if (!job) throw new MessageError('bad_request', `no job ${jobId}`);
    kickExtraction();
    return viewOf(job);
  },
  'queue.discard': async ({ jobId }) => ({ discarded: await discardJob(jobId) }),
  'usage.summary': () => usageSummary(),
};
