import { createBackup } from '../../../lib/db/backups';
import { deleteMemories, putMemories, updateMemory } from '../../../lib/db/memories';
import { createMemory } from '../../../lib/memory/factory';
import { tagsFor } from '../../../lib/memory/keywords';
import type { HandlerGroup } from '../router';

export const memoryHandlers: HandlerGroup<'memories.add' | 'memories.update' | 'memories.delete' | 'memories.restore'> =
  {
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
      // A bulk delete is the one action a user most wants back: snapshot first (SPEC §5).
      if (ids.length > 1) await createBackup('before bulk delete');
      return { deleted: await deleteMemories(ids) };
    },
    'memories.restore': async ({ records }) => {
      await putMemories(records);
      return { restored: records.length };
    },
  };
