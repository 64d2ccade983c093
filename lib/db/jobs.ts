/**
 * Repository for the durable extraction queue: one job per chat and transcript version, so the
 * same transcript is never extracted twice. States: pending → running → done | failed.
 * A running job carries a lease (`runner` + `leaseUntil`): claiming happens in one IndexedDB
 * transaction, so two wake-ups never run the same job. The holder renews the lease while it
 * works; a job is taken over only once its lease has run out (its worker was stopped), never
 * from a worker that may still be alive.
 */
import type { Chat, Job } from '../memory/types';
import { now, nowMs } from '../time';
import { db } from './db';

export function jobIdOf(chatId: string, version: number): string {
  return `${chatId}@${version}`;
}

/**
 * Queues a chat at its current version; returns false when that version is already queued or
 * done. `batchId`: the batch of chats the user picked that this job belongs to.
 */
export async function enqueueExtraction(chat: Chat, batchId?: string): Promise<boolean> {
  if (chat.extractedVersion >= chat.version) return false;
  const id = jobIdOf(chat.id, chat.version);
  const added = await db.transaction('rw', db.jobs, async () => {
    if (await db.jobs.get(id)) return false;
    const at = now();
    // An older pending version of the same chat is superseded by this one.
    await db.jobs
      .where('chatId')
      .equals(chat.id)
      .filter((j) => j.state === 'pending')
      .delete();
    await db.jobs.add({
      id,
      chatId: chat.id,
      chatVersion: chat.version,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      lastError: null,
      createdAt: at,
      updatedAt: at,
      inputTokens: 0,
      outputTokens: 0,
      ...(batchId ? { batchId } : {}),
    });
    return true;
  });
  // Outside any (possibly enclosing) transaction, and after it has committed.
  if (added) for (const listener of enqueueListeners) setTimeout(listener, 0);
  return added;
}

const enqueueListeners = new Set<() => void>();

/** Lets the background start work as soon as something is queued (capture calls finishChat). */
export function onEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

export function listJobs(): Promise<Job[]> {
  return db.jobs.orderBy('nextAttemptAt').toArray();
}

export function getJob(id: string): Promise<Job | undefined> {
  return db.jobs.get(id);
}

export async function updateJob(id: string, patch: Partial<Omit<Job, 'id'>>): Promise<void> {
  await db.jobs.update(id, { ...patch, updatedAt: now() });
}

export interface Claim {
  runner: string;
  nowIso: string;
  leaseUntilIso: string;
  /** Sites whose jobs wait (learning from their chats is off); they run once it is on again. */
  held?: ReadonlySet<string>;
  /** Batches the user paused: their jobs wait until the batch is resumed. */
  heldBatches?: ReadonlySet<string>;
}

/** The site of a job's chat (chat ids are `site:conversation`). */
export function siteOfChatId(chatId: string): string {
  return chatId.slice(0, Math.max(0, chatId.indexOf(':')));
}

function claimable(job: Job, claim: Claim): boolean {
  if (claim.held?.has(siteOfChatId(job.chatId))) return false;
  if (job.batchId && claim.heldBatches?.has(job.batchId)) return false;
  if (job.state === 'pending') return job.nextAttemptAt <= claim.nowIso;
  if (job.state !== 'running') return false;
  return (job.leaseUntil ?? '') < claim.nowIso;
}

/** A batch of picked history chats never holds up a chat the user just finished. */
const batchLast = (j: Job) => (j.batchId ? 1 : 0);

/**
 * Takes the most overdue job that may run now, atomically; null when there is none. Jobs of
 * a batch the user picked come after every other job that may run.
 */
export async function claimNextJob(claim: Claim): Promise<Job | null> {
  return db.transaction('rw', db.jobs, async () => {
    const open = await db.jobs.where('state').anyOf('pending', 'running').toArray();
    const next = open
      .filter((j) => claimable(j, claim))
      .sort(
        (a, b) =>
          batchLast(a) - batchLast(b) || a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.id.localeCompare(b.id),
      )[0];
    if (!next) return null;
    const claimed: Job = {
      ...next,
      state: 'running',
      attempts: next.attempts + 1,
      runner: claim.runner,
      leaseUntil: claim.leaseUntilIso,
      updatedAt: claim.nowIso,
    };
    await db.jobs.put(claimed);
    return claimed;
  });
}

/** Applies `patch` only while `runner` still holds the job (it may have been discarded or taken over). */
export async function updateHeldJob(id: string, runner: string, patch: Partial<Omit<Job, 'id'>>): Promise<boolean> {
  return db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(id);
    if (job?.state !== 'running' || job.runner !== runner) return false;
    await db.jobs.put({ ...job, ...patch, updatedAt: now() });
    return true;
  });
}

/** Extends the lease of a job this runner still holds; false when it no longer holds it. */
export function renewLease(id: string, runner: string, leaseMs: number): Promise<boolean> {
  return updateHeldJob(id, runner, { leaseUntil: new Date(nowMs() + leaseMs).toISOString() });
}

/**
 * When the next job becomes due, for the wake-up alarm: a pending job's next attempt, or the
 * end of a running job's lease (its worker may be gone); null when nothing waits. Jobs of a
 * held site (learning off there) or a paused batch wait for the switch, not for a time.
 */
export async function nextDueAt(
  held: ReadonlySet<string> = new Set(),
  heldBatches: ReadonlySet<string> = new Set(),
): Promise<string | null> {
  const open = await db.jobs.where('state').anyOf('pending', 'running').toArray();
  const times = open
    .filter((j) => !held.has(siteOfChatId(j.chatId)) && !(j.batchId && heldBatches.has(j.batchId)))
    .map((j) => (j.state === 'pending' ? j.nextAttemptAt : (j.leaseUntil ?? j.nextAttemptAt)));
  return times.sort()[0] ?? null;
}

/** "Retry": a failed or waiting job runs again now, with a fresh attempt budget. */
export async function retryJob(id: string): Promise<Job | null> {
  return db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(id);
    if (!job || job.state === 'running' || job.state === 'done') return job ?? null;
    const at = now();
    const next: Job = { ...job, state: 'pending', attempts: 0, nextAttemptAt: at, lastError: null, updatedAt: at };
    await db.jobs.put(next);
    return next;
  });
}

/**
 * "Discard": the job is dropped and its transcript version counts as handled, so the same
 * version is not queued again; a later change to the chat queues a new version as usual.
 */
export async function discardJob(id: string): Promise<boolean> {
  return db.transaction('rw', db.jobs, db.chats, async () => {
    const job = await db.jobs.get(id);
    if (!job) return false;
    await db.jobs.delete(id);
    const chat = await db.chats.get(job.chatId);
    if (chat && chat.extractedVersion < job.chatVersion) {
      await db.chats.update(chat.id, { extractedVersion: job.chatVersion });
    }
    return true;
  });
}

export interface QueueRow {
  job: Job;
  chatTitle: string;
  site: string;
}

/** Jobs still to run or failed, then the most recent finished ones; with their chat's title. */
export async function listQueue(doneLimit = 50): Promise<QueueRow[]> {
  return db.transaction('r', db.jobs, db.chats, async () => {
    const jobs = await db.jobs.orderBy('nextAttemptAt').toArray();
    const open = jobs.filter((j) => j.state !== 'done');
    const done = jobs
      .filter((j) => j.state === 'done')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, doneLimit);
    const rows = [...open, ...done];
    const chats = await db.chats.bulkGet(rows.map((j) => j.chatId));
    return rows.map((job, i) => ({ job, chatTitle: chats[i]?.title ?? '', site: chats[i]?.site ?? '' }));
  });
}
