import { backupBefore } from '../../lib/db/backup-policy';
import { isQuotaError } from '../../lib/db/store-errors';

/**
 * The backup a destructive action takes first. A full disk must never block a delete (it is
 * how the user makes room), so then the backup is skipped and the reply says so.
 */
export async function backupFirst(reason: string, ids: readonly string[]): Promise<{ backupSkipped: boolean }> {
  try {
    await backupBefore(reason, ids);
    return { backupSkipped: false };
  } catch (error) {
    if (isQuotaError(error)) return { backupSkipped: true };
    throw error;
  }
}
