/** What Settings shows about the store itself. */
import { db } from './db';
import { lastIncident } from './integrity';
import { maintenanceLog } from './maintenance';

export async function storeStatus() {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return {
    usageBytes: estimate?.usage ?? null,
    quotaBytes: estimate?.quota ?? null,
    memories: await db.memories.count(),
    chats: await db.chats.count(),
    quarantined: await db.quarantine.count(),
    incident: await lastIncident(),
    lastMaintenance: (await maintenanceLog())[0] ?? null,
  };
}
