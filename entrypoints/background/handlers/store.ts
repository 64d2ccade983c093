import { checkIntegrity, listQuarantine } from '../../../lib/db/integrity';
import { runMaintenance } from '../../../lib/db/maintenance';
import { loadSettings } from '../../../lib/db/settings-store';
import { storeStatus } from '../../../lib/db/store-status';
import type { HandlerGroup } from '../router';

export const storeHandlers: HandlerGroup<'store.status' | 'store.recheck' | 'quarantine.list' | 'maintenance.run'> = {
  'store.status': () => storeStatus(),
  /** What a browser restart would do for an unreadable store, without the restart. */
  'store.recheck': async () => {
    await checkIntegrity();
    return storeStatus();
  },
  'quarantine.list': async () =>
    (await listQuarantine()).map(({ id, table, at, reason, record }) => ({ id, table, at, reason, record })),
  /** "Tidy up now": the start-up integrity check, then the daily forgetting rules. */
  'maintenance.run': async () => {
    const integrity = await checkIntegrity();
    if (integrity.degraded)
      throw new Error(`The store cannot be read (${integrity.degraded.error}); it was left as it is.`);
    return runMaintenance((await loadSettings()).keepChatHistory);
  },
};
