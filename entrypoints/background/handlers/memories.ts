import { backupBefore } from '../../../lib/db/backup-policy';
import { deleteMemories, putMemories, updateMemory } from '../../../lib/db/memories';
import { updateMemories } from '../../../lib/db/memory-bulk';
import { createMemory } from '../../../lib/memory/factory';
import { tagsFor } from '../../../lib/ranking/keywords';
import type { HandlerGroup } from '../router';

export const memoryHandlers: HandlerGroup<
  'memories.add' | 'memories.update' | 'memories.delete' | 'memories.restore' | 'memories.bulkUpdate'
> = {
  'memories.add': async (req) => {
    const memory = createMemory(req);
    await putMemories([memory]);
    return memory;
  },
  'memories.update': async ({ id, patch }) => {
    const tags = patch.content !== undefined ? { tags: tagsFor(patch.content) } : {};
    return updateMemory(id, { ...patch, ...tags });
  },
  'memories.delete': async ({ ids }) => {
    // Deletes are what a user most wants back: snapshot first (SPEC §5), reusing a fresh one.
    await backupBefore(ids.length > 1 ? 'before bulk delete' : 'before delete', ids);
    return { deleted: await deleteMemories(ids) };
  },
  'memories.restore': async ({ records }) => {
    await putMemories(records);
    return { restored: records.length };
  },
  'memories.bulkUpdate': async ({ ids, patch }) => {
    await backupBefore('before bulk change', ids);
    return updateMemories(ids, patch);
  },
};
