/**
 * Side panel state for extraction: the queue and its pause reason (live from IndexedDB), open
 * chats that can be extracted now, and token usage (asked from the background, which knows the
 * settings), refreshed whenever the queue changes.
 */
import { signal } from '@preact/signals';
import { listChats } from '../../../lib/db/chats';
import { listQueue } from '../../../lib/db/jobs';
import { watch } from '../../../lib/db/live';
import { getPause } from '../../../lib/db/queue-state';
import { ensureHostPermission } from '../../../lib/host-permission';
import type { Chat, QueuePause } from '../../../lib/memory/types';
import type { JobView, ResponseOf } from '../../../lib/messages';
import { send } from '../../../lib/send';
import { now } from '../../../lib/time';

export type UsageSummary = ResponseOf<'usage.summary'>;

export const jobs = signal<JobView[]>([]);
export const openChats = signal<Chat[]>([]);
export const paused = signal<QueuePause | null>(null);
export const usage = signal<UsageSummary | null>(null);
export const queueStatus = signal<{ kind: 'info' | 'error'; text: string } | null>(null);
/** The stored base URL, so "Test connection" can ask for its host permission inside the click. */
export const baseUrl = signal<string | null>(null);

async function refreshUsage(): Promise<void> {
  try {
    usage.value = await send('usage.summary', {});
  } catch {
    usage.value = null;
  }
}

export function startQueueModel(): () => void {
  void send('settings.get', {})
    .then((r) => {
      baseUrl.value = r.settings.baseUrl;
    })
    .catch(() => {});
  const stops = [
    watch(listQueue, (rows) => {
      jobs.value = rows.map(({ job, chatTitle, site }) => ({
        ...job,
        chatTitle,
        site,
        outcome: job.state === 'done' ? (job.outcome ?? null) : null,
      }));
      void refreshUsage();
    }),
    watch(
      () => getPause(now()),
      (p) => {
        paused.value = p;
      },
    ),
    watch(listChats, (chats) => {
      openChats.value = chats.filter((c) => c.state === 'open' && c.turns.length > 0);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

async function act(run: () => Promise<string>): Promise<void> {
  try {
    queueStatus.value = { kind: 'info', text: await run() };
  } catch (error) {
    queueStatus.value = { kind: 'error', text: (error as Error).message };
  }
}

export const extractNow = (chatId: string) => act(async () => (await send('queue.extractNow', { chatId })).message);
export const retry = (jobId: string) =>
  act(async () => `Retrying ${(await send('queue.retry', { jobId })).chatTitle || jobId}.`);
export const discard = (jobId: string) =>
  act(async () => ((await send('queue.discard', { jobId })).discarded ? 'Discarded.' : 'Already gone.'));

/** Runs in the button's click handler: the permission request must come first, inside the gesture. */
export function testConnection(): void {
  const url = baseUrl.value;
  const permission = url ? ensureHostPermission(url) : Promise.resolve(true);
  void act(async () => {
    if (!(await permission))
      queueStatus.value = { kind: 'info', text: `No host permission for ${url}; trying anyway.` };
    const result = await send('connection.test', {});
    if (!result.ok) throw new Error(result.message);
    return result.message;
  });
}
