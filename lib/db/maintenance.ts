/**
 * The daily maintenance run (also at start-up). Each rule is its own transaction and
 * idempotent, so a run stopped halfway (the service worker killed) loses nothing and the next
 * run finishes the work. Every run is logged with its counts.
 */
import {
  shouldArchiveTask,
  shouldDownWeightFact,
  shouldDropTranscript,
  shouldPurgeSuperseded,
  WEAK_FACT_FEEDBACK,
} from '../memory/forgetting';
import { now, nowMs } from '../time';
import { db } from './db';
import { pruneSends } from './sends';

export interface MaintenanceReport {
  at: string;
  archivedTasks: number;
  purgedSuperseded: number;
  downWeightedFacts: number;
  droppedTranscripts: number;
}

const LOG_KEY = 'maintenance.log';
const LOG_KEEP = 30;

async function archiveTasks(t: number): Promise<number> {
  return db.transaction('rw', db.memories, async () => {
    const rows = await db.memories
      .where('type')
      .equals('task')
      .filter((m) => shouldArchiveTask(m, t))
      .toArray();
    const at = now();
    await db.memories.bulkPut(rows.map((m) => ({ ...m, status: 'archived' as const, updatedAt: at })));
    return rows.length;
  });
}

async function purgeSuperseded(t: number): Promise<number> {
  return db.transaction('rw', db.memories, async () => {
    const ids = await db.memories
      .where('status')
      .equals('superseded')
      .filter((m) => shouldPurgeSuperseded(m, t))
      .primaryKeys();
    await db.memories.bulkDelete(ids);
    return ids.length;
  });
}

async function downWeightFacts(t: number): Promise<number> {
  return db.transaction('rw', db.memories, async () => {
    const rows = await db.memories
      .where('type')
      .equals('fact')
      .filter((m) => shouldDownWeightFact(m, t))
      .toArray();
    await db.memories.bulkPut(rows.map((m) => ({ ...m, feedback: WEAK_FACT_FEEDBACK })));
    return rows.length;
  });
}

async function dropTranscripts(t: number, retentionDays: number): Promise<number> {
  return db.transaction('rw', db.chats, async () => {
    const rows = await db.chats.filter((c) => shouldDropTranscript(c, retentionDays, t)).toArray();
    await db.chats.bulkPut(rows.map((c) => ({ ...c, turns: [] })));
    return rows.length;
  });
}

export async function runMaintenance(retentionDays: number): Promise<MaintenanceReport> {
  const t = nowMs();
  const report: MaintenanceReport = {
    at: now(),
    archivedTasks: await archiveTasks(t),
    purgedSuperseded: await purgeSuperseded(t),
    downWeightedFacts: await downWeightFacts(t),
    droppedTranscripts: await dropTranscripts(t, retentionDays),
  };
  // Sends no capture claimed in time, and those of deleted chats, prove nothing any more.
  await pruneSends(new Set(await db.chats.toCollection().primaryKeys()));
  await db.transaction('rw', db.meta, async () => {
    const log = ((await db.meta.get(LOG_KEY))?.value as MaintenanceReport[] | undefined) ?? [];
    await db.meta.put({ key: LOG_KEY, value: [report, ...log].slice(0, LOG_KEEP) });
  });
  return report;
}

export async function maintenanceLog(): Promise<MaintenanceReport[]> {
  return ((await db.meta.get(LOG_KEY))?.value as MaintenanceReport[] | undefined) ?? [];
}
