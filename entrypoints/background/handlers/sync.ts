import { syncNow, syncStatus } from '../../../lib/sync-service/service';
import { disableSync, enableSync, removeRemote, setTravel } from '../../../lib/sync-service/setup';
import type { HandlerGroup } from '../router';

export const syncHandlers: HandlerGroup<
  'sync.status' | 'sync.enable' | 'sync.now' | 'sync.setTravel' | 'sync.disable' | 'sync.removeRemote'
> = {
  'sync.status': () => syncStatus(),
  'sync.enable': (req) => enableSync(req),
  'sync.now': async () => {
    await syncNow();
    return syncStatus();
  },
  'sync.setTravel': (req) => setTravel(req),
  'sync.disable': () => disableSync(),
  'sync.removeRemote': (req) => removeRemote(req.database),
};
