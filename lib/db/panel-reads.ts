/**
 * Reads the side panel watches with liveQuery (lib/db/live.ts): each re-runs when the
 * background writes the tables it touches. Read-only; every write goes through a message.
 */
import type { Chat, Injection, Job, QueuePause } from '../memory/types';
import { now } from '../time';
import { backupDb } from './backup-db';
import { db, type UsageRow } from './db';
import { getPause } from './queue-state';

export interface QueueRow {
  job: Job;
  chat: Pick<Chat, 'id' | 'site' | 'title' | 'url' | 'turns'> | null;
}

/** Jobs with their chat's title and size, newest activity first. */
export async function queueRows(): Promise<QueueRow[]> {
  const jobs = await db.jobs.toArray();
  const chats = await db.chats.bulkGet([...new Set(jobs.map((j) => j.chatId))]);
  const byId = new Map(chats.filter((c): c is Chat => !!c).map((c) => [c.id, c]));
  return jobs
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((job) => ({ job, chat: byId.get(job.chatId) ?? null }));
}

/** Usage rows from `fromDay` (UTC `YYYY-MM-DD`) on. */
export function usageSince(fromDay: string): Promise<UsageRow[]> {
  return db.usage.where('day').aboveOrEqual(fromDay).toArray();
}

export function recentInjections(limit = 200): Promise<Injection[]> {
  return db.injections.orderBy('at').reverse().limit(limit).toArray();
}

/** Every injection, oldest first, for the Insights chart of hits over time. */
export function allInjections(): Promise<Injection[]> {
  return db.injections.orderBy('at').toArray();
}

/** Changes whenever a backup is made or pruned; the panel then re-lists them by message. */
export async function backupStamp(): Promise<string> {
  const newest = await backupDb.backups.orderBy('at').last();
  return `${await backupDb.backups.count()}:${newest?.id ?? ''}`;
}

/** The extraction queue's pause, if any (lib/db/queue-state.ts owns it). */
export function queuePause(): Promise<QueuePause | null> {
  return getPause(now());
}
