/**
 * Batches of history chats the user picked for "Extract memories from these". A batch is one
 * row in the `meta` table (its state and the ids of the jobs it queued); its jobs are ordinary
 * extraction jobs carrying `batchId`, run by the one queue under the daily cap and the per-site
 * bounds. Everything is in IndexedDB, so a stopped worker resumes a batch where it was, and a
 * paused one stays paused. Progress is read from the jobs themselves, never counted twice.
 */
import type { BatchState, BatchView } from '../extraction/batch-schemas';
import type { Chat, Job } from '../memory/types';
import { now } from '../time';
import { db } from './db';
import { enqueueExtraction, jobIdOf } from './jobs';

const KEY_PREFIX = 'extract-batch.';
/** Chats read at a time: a batch of thousands of long chats is never held whole. */
const READ_CHUNK = 100;

type StoredState = Exclude<BatchState, 'done'>;

export interface BatchRow {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  state: StoredState;
  reextract: boolean;
  jobIds: string[];
  estimate: { calls: number; inputTokens: number; outputTokens: number };
  skipped: { alreadyExtracted: number; unavailable: number };
}

export interface StartBatch {
  chatIds: readonly string[];
  reextract: boolean;
  name: string;
  estimate: BatchRow['estimate'];
}

/** Why a picked chat is not queued: gone, forgotten or empty; or extracted and not to be redone. */
export function pickStatus(chat: Chat | undefined, reextract: boolean): 'run' | 'already' | 'unavailable' {
  if (!chat || chat.state === 'excluded' || chat.turns.length === 0) return 'unavailable';
  if (chat.extractedVersion >= chat.version && !reextract) return 'already';
  return 'run';
}

/**
 * The job of one picked chat, in the caller's transaction: a chat already extracted gets a new
 * version (its text unchanged) so it is extracted again; a job already waiting or failed for
 * it joins the batch (a failed one runs again); otherwise a new one is queued.
 */
async function jobFor(chat: Chat, batchId: string): Promise<string> {
  let current = chat;
  if (chat.extractedVersion >= chat.version) {
    current = { ...chat, version: chat.version + 1 };
    await db.chats.update(chat.id, { version: current.version });
  }
  const id = jobIdOf(current.id, current.version);
  const existing = await db.jobs.get(id);
  if (!existing) {
    await enqueueExtraction(current, batchId);
    return id;
  }
  if (existing.state === 'pending' || existing.state === 'failed') {
    const at = now();
    const patch: Partial<Job> =
      existing.state === 'failed'
        ? { state: 'pending', attempts: 0, nextAttemptAt: at, lastError: null, batchId, updatedAt: at }
        : { batchId, updatedAt: at };
    await db.jobs.update(id, patch);
  }
  return id;
}

/** Queues the picked chats as one batch; returns it (stored only when it queued something). */
export async function startBatch(req: StartBatch): Promise<BatchRow> {
  const id = crypto.randomUUID();
  return db.transaction('rw', db.chats, db.jobs, db.meta, async () => {
    const at = now();
    const ids = [...new Set(req.chatIds)];
    const row: BatchRow = {
      id,
      name: req.name,
      createdAt: at,
      updatedAt: at,
      state: 'running',
      reextract: req.reextract,
      jobIds: [],
      estimate: req.estimate,
      skipped: { alreadyExtracted: 0, unavailable: 0 },
    };
    for (let at = 0; at < ids.length; at += READ_CHUNK) {
      for (const chat of await db.chats.bulkGet(ids.slice(at, at + READ_CHUNK))) {
        const status = pickStatus(chat, req.reextract);
        if (status === 'already') row.skipped.alreadyExtracted++;
        else if (status === 'unavailable' || !chat) row.skipped.unavailable++;
        else row.jobIds.push(await jobFor(chat, id));
      }
    }
    // Nothing to run: no batch is kept (the estimate said so before).
    if (row.jobIds.length > 0) await db.meta.put({ key: KEY_PREFIX + id, value: row });
    return row;
  });
}

async function getRow(id: string): Promise<BatchRow | undefined> {
  return (await db.meta.get(KEY_PREFIX + id))?.value as BatchRow | undefined;
}

async function rows(): Promise<BatchRow[]> {
  const all = await db.meta.where('key').startsWith(KEY_PREFIX).toArray();
  return all.map((r) => r.value as BatchRow).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Batches the user paused: the queue leaves their jobs waiting. */
export async function pausedBatchIds(): Promise<Set<string>> {
  return new Set((await rows()).filter((r) => r.state === 'paused').map((r) => r.id));
}

/** Pauses or resumes; false when the batch is gone or already cancelled. */
export async function setBatchPaused(id: string, paused: boolean): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const row = await getRow(id);
    if (!row || row.state === 'cancelled') return false;
    await db.meta.put({
      key: KEY_PREFIX + id,
      value: { ...row, state: paused ? 'paused' : 'running', updatedAt: now() },
    });
    return true;
  });
}

/**
 * Cancels: every job of the batch that is not running now is dropped (what finished stays,
 * with its memories; a call already out finishes). Returns how many were dropped.
 */
export async function cancelBatch(id: string): Promise<number> {
  return db.transaction('rw', db.jobs, db.meta, async () => {
    const row = await getRow(id);
    if (!row) return 0;
    const jobs = await db.jobs.bulkGet(row.jobIds);
    const drop = jobs.filter((j): j is Job => !!j && (j.state === 'pending' || j.state === 'failed'));
    await db.jobs.bulkDelete(drop.map((j) => j.id));
    await db.meta.put({ key: KEY_PREFIX + id, value: { ...row, state: 'cancelled', updatedAt: now() } });
    return drop.length;
  });
}

/** Removes a settled batch from the list (its jobs and memories stay as they are). */
export async function dismissBatch(id: string): Promise<boolean> {
  const view = (await batchViews()).find((v) => v.id === id);
  if (!view || (view.state !== 'done' && view.state !== 'cancelled') || view.running > 0) return false;
  await db.meta.delete(KEY_PREFIX + id);
  return true;
}

/** "Extract now" on one chat of a batch: it leaves the batch's pause and order, and runs now. */
export async function releaseFromBatch(jobId: string): Promise<void> {
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId);
    if (!job?.batchId) return;
    const released: Job = { ...job };
    delete released.batchId;
    await db.jobs.put(released);
  });
}

function viewOf(row: BatchRow, jobs: readonly (Job | undefined)[]): BatchView {
  const v: BatchView = {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    state: row.state,
    reextract: row.reextract,
    total: row.jobIds.length,
    done: 0,
    failed: 0,
    dropped: 0,
    waiting: 0,
    running: 0,
    inputTokens: 0,
    outputTokens: 0,
    estimate: row.estimate,
    skipped: row.skipped,
  };
  for (const job of jobs) {
    if (!job) v.dropped++;
    else if (job.state === 'done') v.done++;
    else if (job.state === 'failed') v.failed++;
    else if (job.state === 'running') v.running++;
    else v.waiting++;
    v.inputTokens += job?.inputTokens ?? 0;
    v.outputTokens += job?.outputTokens ?? 0;
  }
  if (row.state !== 'cancelled' && v.waiting === 0 && v.running === 0) v.state = 'done';
  return v;
}

/** Every batch with its progress, newest first (the panel reads this live). */
export async function batchViews(): Promise<BatchView[]> {
  return db.transaction('r', db.meta, db.jobs, async () => {
    const all = await rows();
    const out: BatchView[] = [];
    for (const row of all) out.push(viewOf(row, await db.jobs.bulkGet(row.jobIds)));
    return out;
  });
}
