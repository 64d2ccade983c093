/**
 * The start-up integrity check (DESIGN.md §5). Every record must parse with its zod schema; one
 * that does not is moved to `quarantine` (kept, listed in the side panel, never used) rather
 * than dropped. A store that cannot be read is first retried (a busy disk or an aborted
 * transaction passes). If it still cannot be read, it is replaced only when the error is not
 * a passing one, a backup verifies, and every readable record has been saved first; in every
 * other case nothing is deleted and the side panel shows a degraded-mode banner.
 */

import type * as z from 'zod/mini';
import { browser } from '#imports';
import { ChatSchema, InjectionSchema, JobSchema, MemoryRecordSchema } from '../memory/types';
import { now } from '../time';
import { formatFirstIssue } from '../zod-errors';
import { db, type QuarantineRow } from './db';
import { newestVerifiedBackup, rebuild, salvageReadable } from './integrity-rebuild';
import { describeError, mayRebuild } from './store-errors';

export interface Incident {
  at: string;
  error: string;
  restoredFrom: string | null;
}

/** The store could not be read and was left alone: reads and writes may fail until it recovers. */
export interface Degraded {
  at: string;
  error: string;
  attempts: number;
  /** Why nothing was rebuilt. */
  reason: 'transient' | 'newer-version' | 'no-verified-backup' | 'salvage-failed';
}

export interface IntegrityReport {
  checked: number;
  quarantined: number;
  /** Set when the store could not be read and was rebuilt. */
  incident: Incident | null;
  degraded: Degraded | null;
}

export const READ_ATTEMPTS = 4;
const RETRY_DELAYS_MS = [250, 1_000, 3_000];
const INCIDENT_KEY = 'integrity.incident';
/**
 * Outside IndexedDB, so it is readable while the store (or IndexedDB as a whole, on a full or
 * failing disk) is not; in session storage, held in memory and open to extension pages only
 * (content scripts could write storage.local). It lasts the browser session: the start-up
 * check that sets it runs again at the next browser start.
 */
const DEGRADED_KEY = 'store.degraded';

const CHECKS = [
  { table: 'memories', schema: MemoryRecordSchema },
  { table: 'chats', schema: ChatSchema },
  { table: 'jobs', schema: JobSchema },
  { table: 'injections', schema: InjectionSchema },
] as const satisfies readonly { table: string; schema: z.ZodMiniType }[];

async function quarantineTable(
  table: (typeof CHECKS)[number]['table'],
  schema: z.ZodMiniType,
): Promise<[number, number]> {
  return db.transaction('rw', db.table(table), db.quarantine, async () => {
    const t = db.table(table);
    const keys = await t.toCollection().primaryKeys();
    const rows = await t.bulkGet(keys);
    const bad: QuarantineRow[] = [];
    const badKeys: typeof keys = [];
    rows.forEach((row, i) => {
      const parsed = schema.safeParse(row);
      if (parsed.success) return;
      const key = keys[i] as (typeof keys)[number];
      bad.push({
        id: `${table}:${String(key)}`,
        table,
        at: now(),
        reason: formatFirstIssue(parsed.error, row),
        record: row,
      });
      badKeys.push(key);
    });
    await db.quarantine.bulkPut(bad);
    await t.bulkDelete(badKeys);
    return [rows.length, bad.length];
  });
}

async function readable(): Promise<void> {
  if (!db.isOpen()) await db.open();
  await Promise.all([db.memories.count(), db.chats.count(), db.jobs.count(), db.injections.count()]);
}

/** Reads the store up to READ_ATTEMPTS times; returns the last error, or null once a read succeeds. */
async function readWithRetries(delays: readonly number[]): Promise<unknown> {
  let last: unknown = null;
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    if (attempt > 0) {
      db.close();
      await new Promise((r) => setTimeout(r, delays[attempt - 1] ?? 0));
    }
    try {
      await readable();
      return null;
    } catch (error) {
      last = error;
    }
  }
  return last;
}

async function setDegraded(value: Degraded | null): Promise<void> {
  if (value) await browser.storage.session.set({ [DEGRADED_KEY]: value });
  else await browser.storage.session.remove(DEGRADED_KEY);
}

export async function storeDegraded(): Promise<Degraded | null> {
  const got = await browser.storage.session.get(DEGRADED_KEY);
  return (got[DEGRADED_KEY] as Degraded | undefined) ?? null;
}

async function recover(error: unknown): Promise<{ incident: Incident | null; degraded: Degraded | null }> {
  const base = { at: now(), error: describeError(error), attempts: READ_ATTEMPTS };
  const name = describeError(error).split(':')[0];
  if (!mayRebuild(error))
    return { incident: null, degraded: { ...base, reason: name === 'VersionError' ? 'newer-version' : 'transient' } };
  const backup = await newestVerifiedBackup().catch(() => null);
  if (!backup) return { incident: null, degraded: { ...base, reason: 'no-verified-backup' } };
  let salvaged: Awaited<ReturnType<typeof salvageReadable>>;
  try {
    salvaged = await salvageReadable(error);
  } catch {
    return { incident: null, degraded: { ...base, reason: 'salvage-failed' } };
  }
  await rebuild(backup.snapshot, salvaged);
  const incident = { at: base.at, error: base.error, restoredFrom: backup.at };
  await db.meta.put({ key: INCIDENT_KEY, value: incident });
  return { incident, degraded: null };
}

export async function checkIntegrity(opts: { retryDelaysMs?: readonly number[] } = {}): Promise<IntegrityReport> {
  const error = await readWithRetries(opts.retryDelaysMs ?? RETRY_DELAYS_MS);
  let incident: Incident | null = null;
  if (error !== null) {
    const outcome = await recover(error);
    await setDegraded(outcome.degraded);
    if (outcome.degraded) return { checked: 0, quarantined: 0, incident: null, degraded: outcome.degraded };
    incident = outcome.incident;
  } else await setDegraded(null);
  let checked = 0;
  let quarantined = 0;
  for (const { table, schema } of CHECKS) {
    const [n, bad] = await quarantineTable(table, schema);
    checked += n;
    quarantined += bad;
  }
  return { checked, quarantined, incident, degraded: null };
}

export async function lastIncident(): Promise<Incident | null> {
  return ((await db.meta.get(INCIDENT_KEY))?.value as Incident | undefined) ?? null;
}

export function listQuarantine(): Promise<QuarantineRow[]> {
  return db.quarantine.orderBy('at').reverse().toArray();
}
