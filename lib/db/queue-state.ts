/**
 * Whether the extraction queue is paused, and why, kept in the `meta` table so the reason
 * survives the service worker and any page can ask for it:
 * - `auth`: the API rejected the key (401/403), or there is none;
 * - `config`: the model or base URL is wrong (404);
 * - `cap`: today's tokens reached the daily cap; lifts by itself on the next UTC day.
 * Saving settings lifts `auth` and `config` (the user has changed something), and `cap` too
 * (the cap may have been raised; if not, the next call re-checks it).
 */
import { type QueuePause, QueuePauseSchema } from '../memory/types';
import { utcDay } from '../time';
import { db } from './db';

const PAUSE_KEY = 'extraction.pause';

/** Read-only (the side panel reads it too): a cap pause from an earlier day simply no longer counts. */
export async function getPause(nowIso: string): Promise<QueuePause | null> {
  const row = await db.meta.get(PAUSE_KEY);
  const parsed = QueuePauseSchema.safeParse(row?.value);
  if (!parsed.success) return null;
  if (parsed.data.reason === 'cap' && utcDay(parsed.data.since) !== utcDay(nowIso)) return null;
  return parsed.data;
}

export async function setPause(pause: QueuePause): Promise<void> {
  await db.meta.put({ key: PAUSE_KEY, value: pause });
}

export async function clearPause(): Promise<void> {
  await db.meta.delete(PAUSE_KEY);
}
