/**
 * Repository for the durable extraction queue: one job per chat and transcript version, so the
 * same transcript is never extracted twice. States: pending → running → done | failed.
 */
import type { Chat, Job } from '../memory/types';
import { now } from '../time';
import { db } from './db';

export function jobIdOf(chatId: string, version: number): string {
  return `${chatId}@${version}`;
}

/** Queues a chat at its current version; returns false when that version is already queued or done. */
export async function enqueueExtraction(chat: Chat): Promise<boolean> {
  if (chat.extractedVersion >= chat.version) return false;
  const id = jobIdOf(chat.id, chat.version);
  return db.transaction('rw', db.jobs, async () => {
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
    });
    return true;
  });
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
