/** What Settings shows about the store itself; it answers even when the store cannot be read. */
import { db } from './db';
import { lastIncident, storeDegraded } from './integrity';
import { maintenanceLog } from './maintenance';

const orNull = <T>(read: Promise<T>): Promise<T | null> => read.catch(() => null);

export async function storeStatus() {
  // `globalThis.`: the unit tests run it in Node 20, which has no navigator.
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  return {
    usageBytes: estimate?.usage ?? null,
    quotaBytes: estimate?.quota ?? null,
    memories: (await orNull(db.memories.count())) ?? 0,
    chats: (await orNull(db.chats.count())) ?? 0,
    quarantined: (await orNull(db.quarantine.count())) ?? 0,
    incident: await orNull(lastIncident()),
    degraded: await orNull(storeDegraded()),
    lastMaintenance: ((await orNull(maintenanceLog())) ?? [])[0] ?? null,
  };
}
