/**
 * "Extract memories from these": the chats picked in the Chats view, the estimate asked for
 * before anything is queued (no call goes out for it), and the batches with their progress,
 * read live from the database. The buttons send `extractBatch.*` messages.
 */
import { signal } from '@preact/signals';
import { batchViews } from '../../../lib/db/extract-batches';
import { watch } from '../../../lib/db/live';
import { queuePause } from '../../../lib/db/panel-reads';
import type { BatchEstimate, BatchView } from '../../../lib/extraction/batch-schemas';
import { t } from '../../../lib/i18n';
import type { QueuePause } from '../../../lib/memory/types';
import { send } from '../../../lib/protocol/panel-send';
import type { SiteId } from '../../../lib/sites/ids';
import { fail, messageOf, say } from './notice';

export const picked = signal<ReadonlySet<string>>(new Set());
/** The estimate of the picked chats, shown until the user confirms or closes it. */
export const estimate = signal<BatchEstimate | null>(null);
export const estimating = signal(false);
/** Extract chats that were extracted before again (the estimate says how many). */
export const reextract = signal(false);
export const batches = signal<readonly BatchView[]>([]);
/** Why the whole queue is stopped (daily cap, key, model, full disk), or null while it runs. */
export const queueStopped = signal<QueuePause | null>(null);

let estimateSeq = 0;

export function togglePick(id: string, on: boolean): void {
  const next = new Set(picked.value);
  if (on) next.add(id);
  else next.delete(id);
  picked.value = next;
  estimate.value = null;
}

export function pickAll(ids: readonly string[]): void {
  picked.value = new Set([...picked.value, ...ids]);
  estimate.value = null;
}

export function clearPicks(): void {
  picked.value = new Set();
  estimate.value = null;
}

/** Every chat of the list's filter (site, dates), not only the rows loaded so far. */
export async function pickFiltered(filter: { sites?: SiteId[]; from?: number; to?: number }): Promise<void> {
  try {
    const { chatIds } = await send('extractBatch.pick', filter);
    pickAll(chatIds);
  } catch (error) {
    fail(messageOf(error));
  }
}

export async function askEstimate(): Promise<void> {
  const seq = ++estimateSeq;
  estimating.value = true;
  try {
    const res = await send('extractBatch.estimate', { chatIds: [...picked.value], reextract: reextract.value });
    if (seq === estimateSeq) estimate.value = res;
  } catch (error) {
    fail(messageOf(error));
  } finally {
    if (seq === estimateSeq) estimating.value = false;
  }
}

export function setReextract(on: boolean): void {
  reextract.value = on;
  void askEstimate();
}

export function closeEstimate(): void {
  estimateSeq++;
  estimate.value = null;
  estimating.value = false;
}

/** Queues the picked chats as one batch, with the estimate the user saw. */
export async function confirmBatch(): Promise<void> {
  const e = estimate.value;
  if (!e || e.chats === 0) return;
  try {
    const res = await send('extractBatch.start', {
      chatIds: [...picked.value],
      reextract: reextract.value,
      estimate: { calls: e.calls, inputTokens: e.inputTokens, outputTokens: e.outputTokens },
    });
    say(t('batch.started', { n: res.queued }));
    clearPicks();
  } catch (error) {
    fail(messageOf(error));
  }
}

async function act(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    fail(messageOf(error));
  }
}

export const pauseBatch = (id: string) => act(() => send('extractBatch.pause', { id }));
export const resumeBatch = (id: string) => act(() => send('extractBatch.resume', { id }));
export const dismissBatch = (id: string) => act(() => send('extractBatch.dismiss', { id }));
export const cancelBatch = (id: string) =>
  act(async () => say(t('batch.cancelled', { n: (await send('extractBatch.cancel', { id })).dropped })));

/** Batches and their progress, live while the Chats view is open. */
export function startBatchModel(): () => void {
  const stopBatches = watch(batchViews, (v) => {
    batches.value = v;
  });
  const stopPause = watch(queuePause, (p) => {
    queueStopped.value = p;
  });
  return () => {
    stopBatches();
    stopPause();
  };
}
