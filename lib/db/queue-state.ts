/**
 * Whether the extraction queue is paused, and why, kept in the `meta` table so the reason
 * survives the service worker and any page can ask for it:
 * - `auth`: the API rejected the key (401/403), or there is none;
 * - `config`: the model or base URL is wrong (404);
 * - `cap`: today's tokens reached the daily cap; lifts by itself on the next UTC day;
 * - `storage_full`: an answer could not be saved; it waits outside the store (parked.ts).
 * Saving settings lifts every pause (the user has changed something; if not, the next call
 * re-checks). A delete lifts `storage_full` (it made room). A full store may refuse even the
 * pause record, so `storage_full` is also kept in session storage.
 */
import { browser } from '#imports';
import { type QueuePause, QueuePauseSchema } from '../memory/types';
import { now, utcDay } from '../time';
import { db } from './db';

const PAUSE_KEY = 'extraction.pause';

async function sessionPause(): Promise<unknown> {
  try {
    return (await browser.storage.session.get(PAUSE_KEY))[PAUSE_KEY];
  } catch {
    return undefined;
  }
}

/** Read-only (the side panel reads it too): a cap pause from an earlier day simply no longer counts. */
export async function getPause(nowIso: string): Promise<QueuePause | null> {
  const row = await db.meta.get(PAUSE_KEY).catch(() => undefined);
  const parsed = QueuePauseSchema.safeParse(row?.value ?? (await sessionPause()));
  if (!parsed.success) return null;
  if (parsed.data.reason === 'cap' && utcDay(parsed.data.since) !== utcDay(nowIso)) return null;
  return parsed.data;
}

export async function setPause(pause: QueuePause): Promise<void> {
  await db.meta.put({ key: PAUSE_KEY, value: pause });
}

export async function clearPause(): Promise<void> {
  await browser.storage.session.remove(PAUSE_KEY).catch(() => {});
  await db.meta.delete(PAUSE_KEY);
}

const STORAGE_FULL_MESSAGE: Record<'extension' | 'session' | 'none', string> = {
  extension:
    'Storage is full: the last extraction answer could not be saved. It is kept in the extension’s own database and is written, without a new call, once there is room. Delete old chats or memories, or free disk space.',
  session:
    'Storage is full: the last extraction answer could not be saved. It is kept in memory until the browser closes and is written, without a new call, once there is room. Delete old chats or memories, or free disk space.',
  none: 'Storage is full: the last extraction answer could not be saved anywhere. Delete old chats or memories, or free disk space; extraction resumes after that.',
};

/** Pauses the queue after a full-storage failure, wherever the pause can still be written. */
export async function pauseForFullStorage(parkedIn: 'extension' | 'session' | null): Promise<void> {
  const pause: QueuePause = { reason: 'storage_full', since: now(), message: STORAGE_FULL_MESSAGE[parkedIn ?? 'none'] };
  try {
    await setPause(pause);
  } catch {
    await browser.storage.session.set({ [PAUSE_KEY]: pause }).catch(() => {});
  }
}

/** Room was made (a delete): a `storage_full` pause lifts; any other pause stays. */
export async function liftStoragePause(): Promise<boolean> {
  if ((await getPause(now()))?.reason !== 'storage_full') return false;
  await clearPause();
  return true;
}
