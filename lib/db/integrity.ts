/**
 * The start-up integrity check (SPEC §5). Every record must parse with its zod schema; one
 * that does not is moved to `quarantine` (kept, listed in the side panel, never used) rather
 * than dropped. If the database cannot be opened or read at all, it is rebuilt from the newest
 * backup that verifies, and the incident is recorded for the side panel to show.
 */
import { Dexie } from 'dexie';
import type * as z from 'zod/mini';
import { ChatSchema, InjectionSchema, JobSchema, MemoryRecordSchema } from '../memory/types';
import { now } from '../time';
import { formatFirstIssue } from '../zod-errors';
import { listBackups, readBackup } from './backups';
import { DB_NAME, db, type QuarantineRow } from './db';

export interface IntegrityReport {
  checked: number;
  quarantined: number;
  /** Set when the store could not be read and was rebuilt. */
  incident: { at: string; error: string; restoredFrom: string | null } | null;
}

const INCIDENT_KEY = 'integrity.incident';

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

/** Rebuilds an unreadable store from the newest backup that passes its checksum. */
async function rebuildFromBackup(error: unknown): Promise<IntegrityReport['incident']> {
  db.close();
  await Dexie.delete(DB_NAME);
  await db.open();
  let restoredFrom: string | null = null;
  for (const backup of await listBackups()) {
    try {
      const snapshot = await readBackup(backup.id);
      await db.transaction('rw', db.memories, db.chats, async () => {
        await db.memories.bulkPut(snapshot.memories);
        await db.chats.bulkPut(snapshot.chats);
      });
      restoredFrom = backup.at;
      break;
    } catch {
      // A damaged backup: try the next older one.
    }
  }
  const incident = {
    at: now(),
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    restoredFrom,
  };
  await db.meta.put({ key: INCIDENT_KEY, value: incident });
  return incident;
}

async function readable(): Promise<void> {
  await db.open();
  await Promise.all([db.memories.count(), db.chats.count(), db.jobs.count(), db.injections.count()]);
}

export async function checkIntegrity(): Promise<IntegrityReport> {
  let incident: IntegrityReport['incident'] = null;
  try {
    await readable();
  } catch (error) {
    incident = await rebuildFromBackup(error);
  }
  let checked = 0;
  let quarantined = 0;
  for (const { table, schema } of CHECKS) {
    const [n, bad] = await quarantineTable(table, schema);
    checked += n;
    quarantined += bad;
  }
  return { checked, quarantined, incident };
}

export async function lastIncident(): Promise<IntegrityReport['incident']> {
  return ((await db.meta.get(INCIDENT_KEY))?.value as IntegrityReport['incident'] | undefined) ?? null;
}

export function listQuarantine(): Promise<QuarantineRow[]> {
  return db.quarantine.orderBy('at').reverse().toArray();
}
