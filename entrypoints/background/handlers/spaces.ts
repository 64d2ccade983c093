import * as z from 'zod/mini';
import { deleteSpace, restoreSpace, spaceMemoryIds } from '../../../lib/db/space-delete';
import { editSpace } from '../../../lib/db/space-edit';
import { moveMemories, UnknownSpaceError } from '../../../lib/db/space-move';
import { createSpace, listSpaces, spaceCounts, TooManySpacesError } from '../../../lib/db/spaces';
import { MessageError } from '../../../lib/protocol/define';
import { backupFirst } from '../backup-first';
import { scheduleEditBackup } from '../edit-backups';
import type { HandlerGroup } from '../router';

/** A name or description the space rules refuse is the caller's mistake: a clear refusal. */
async function checked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TooManySpacesError || error instanceof UnknownSpaceError)
      throw new MessageError('bad_request', error.message);
    if (error instanceof z.core.$ZodError)
      throw new MessageError('bad_request', 'a space needs a name of 1–60 characters and a description of at most 300');
    throw error;
  }
}

export const spaceHandlers: HandlerGroup<
  'spaces.list' | 'spaces.create' | 'spaces.update' | 'spaces.move' | 'spaces.delete' | 'spaces.restore'
> = {
  'spaces.list': async () => {
    const [spaces, counts] = await Promise.all([listSpaces(), spaceCounts()]);
    return {
      spaces: spaces.map((s) => ({ ...s, memories: counts.bySpace.get(s.id) ?? 0 })),
      everywhere: counts.everywhere,
    };
  },
  'spaces.create': (fields) => checked(() => createSpace(fields)),
  'spaces.update': async ({ id, patch }) => {
    const trimmed = {
      ...patch,
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
    };
    const result = await checked(() => editSpace(id, trimmed));
    return { before: result?.before ?? null, after: result?.after ?? null };
  },
  'spaces.move': async ({ ids, space }) => {
    const result = await checked(() => moveMemories(ids, space));
    await scheduleEditBackup();
    return result;
  },
  'spaces.delete': async ({ id, memories }) => {
    const { backupSkipped } = await backupFirst('before space delete', await spaceMemoryIds(id));
    const deleted = await deleteSpace(id, memories);
    await scheduleEditBackup();
    return { space: deleted?.space ?? null, memories: deleted?.memories ?? [], backupSkipped };
  },
  'spaces.restore': async (deleted) => {
    await restoreSpace(deleted);
    await scheduleEditBackup();
    return { restored: deleted.memories.length };
  },
};
