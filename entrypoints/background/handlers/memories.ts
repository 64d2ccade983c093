import { backupBefore } from '../../../lib/db/backup-policy';
import { deleteMemories, putMemories, updateMemory } from '../../../lib/db/memories';
import { updateMemories } from '../../../lib/db/memory-bulk';
import { liftStoragePause } from '../../../lib/db/queue-state';
import { isQuotaError } from '../../../lib/db/store-errors';
import { kickExtraction } from '../../../lib/extraction/service';
import { createMemory } from '../../../lib/memory/factory';
import { cleanKeywords } from '../../../lib/memory/keyword-list';
import { tagsFor } from '../../../lib/ranking/keywords';
import { scheduleEditBackup } from '../edit-backups';
import type { HandlerGroup } from '../router';

/**
 * The backup a destructive action takes first. A full disk must never block a delete (it is
 * how the user makes room), so then the backup is skipped and the reply says so.
 */
async function backupFirst(reason: string, ids: readonly string[]): Promise<{ backupSkipped: boolean }> {
  try {
    await backupBefore(reason, ids);
    return { backupSkipped: false };
  } catch (error) {
    if (isQuotaError(error)) return { backupSkipped: true };
    throw error;
  }
}

export const memoryHandlers: HandlerGroup<
  'memories.add' | 'memories.update' | 'memories.delete' | 'memories.restore' | 'memories.bulkUpdate'
> = {
  'memories.add': async (req) => {
    const memory = createMemory(req);
    await putMemories([memory]);
    await scheduleEditBackup();
    return memory;
  },
  'memories.update': async ({ id, patch }) => {
    const tags = patch.content !== undefined ? { tags: tagsFor(patch.content) } : {};
    const keywords = patch.keywords !== undefined ? { keywords: cleanKeywords(patch.keywords) } : {};
    const result = await updateMemory(id, { ...patch, ...tags, ...keywords });
    await scheduleEditBackup();
    return result;
  },
  'memories.delete': async ({ ids }) => {
    // Deletes are what a user most wants back: snapshot first (DESIGN.md §5), reusing a fresh one.
    const { backupSkipped } = await backupFirst(ids.length > 1 ? 'before bulk delete' : 'before delete', ids);
    const deleted = await deleteMemories(ids);
    await scheduleEditBackup();
    // A delete made room: an answer kept aside for lack of space can be written now.
    if (await liftStoragePause().catch(() => false)) kickExtraction();
    return { deleted, backupSkipped };
  },
  'memories.restore': async ({ records }) => {
    await putMemories(records);
    await scheduleEditBackup();
    return { restored: records.length };
  },
  'memories.bulkUpdate': async ({ ids, patch }) => {
    await backupBefore('before bulk change', ids);
    const result = await updateMemories(ids, patch);
    await scheduleEditBackup();
    return result;
  },
};
