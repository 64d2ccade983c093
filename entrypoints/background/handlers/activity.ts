/** "This was wrong" from the Activity log, and its undo. */
import { backupBefore } from '../../../lib/db/backup-policy';
import { markInjectionWrong, putInjections } from '../../../lib/db/feedback';
import type { HandlerGroup } from '../router';

export const activityHandlers: HandlerGroup<'injections.markWrong' | 'injections.restore'> = {
  'injections.markWrong': async ({ injectionId, memoryId, action }) => {
    if (action === 'delete') await backupBefore('before delete', [memoryId]);
    return markInjectionWrong(injectionId, memoryId, action);
  },
  'injections.restore': async ({ records }) => {
    await putInjections(records);
    return { restored: records.length };
  },
};
