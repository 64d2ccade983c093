import { backupBefore } from '../../../lib/db/backup-policy';
import { deleteMemories, putMemories, ReviewOnly, restoreMemories, updateMemory } from '../../../lib/db/memories';
import { updateMemories } from '../../../lib/db/memory-bulk';
import { liftStoragePause } from '../../../lib/db/queue-state';
import { acceptProposals, countProposals, rejectProposals } from '../../../lib/db/review';
import { addInSpace } from '../../../lib/db/space-move';
import { UnknownSpaceError } from '../../../lib/db/spaces';
import { createMemory } from '../../../lib/memory/factory';
import { withoutInvisible } from '../../../lib/memory/invisible';
import { cleanKeywords } from '../../../lib/memory/keyword-list';
import type { MemoryRecord } from '../../../lib/memory/types';
import { MessageError } from '../../../lib/protocol/define';
import { kickExtraction } from '../../../lib/queue/service';
import { tagsFor } from '../../../lib/text/keywords';
import { backupFirst } from '../backup-first';
import { scheduleEditBackup } from '../edit-backups';
import type { HandlerGroup } from '../router';

function refuseUnknownSpace(error: unknown): never {
  if (error instanceof UnknownSpaceError) throw new MessageError('bad_request', error.message);
  throw error;
}

/** A status change that would bypass review is the caller's mistake: a clear refusal. */
async function reviewOnly<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ReviewOnly) throw new MessageError('bad_request', error.message);
    throw error;
  }
}

export const memoryHandlers: HandlerGroup<
  | 'memories.add'
  | 'memories.update'
  | 'memories.delete'
  | 'memories.restore'
  | 'memories.bulkUpdate'
  | 'memories.accept'
  | 'memories.reject'
  | 'memories.proposedCount'
> = {
  /** What the user adds by hand is theirs: active at once, origin `hand`. */
  'memories.add': async (req) => {
    const { space, ...fields } = req;
    const cleaned = withoutInvisible(fields.content);
    const memory: MemoryRecord = {
      ...createMemory({ ...fields, content: cleaned.text }),
      origin: { kind: 'hand' },
      ...(cleaned.removed > 0 ? { invisibleRemoved: cleaned.removed } : {}),
      ...(space !== undefined ? { space } : {}),
    };
    if (!memory.content) throw new MessageError('bad_request', 'the memory has no visible text');
    if (memory.space === undefined) await putMemories([memory]);
    else await addInSpace({ ...memory, space: memory.space }).catch(refuseUnknownSpace);
    await scheduleEditBackup();
    return memory;
  },
  /**
   * A hand edit. A new text makes the memory the user's own (origin `hand`: nothing changes it
   * later without review) and keeps the old text as a version.
   */
  'memories.update': async ({ id, patch }) => {
    const cleaned = patch.content !== undefined ? withoutInvisible(patch.content) : undefined;
    const content = cleaned?.text.trim();
    if (content === '') throw new MessageError('bad_request', 'the memory has no visible text');
    const tags = content !== undefined ? { tags: tagsFor(content) } : {};
    const keywords = patch.keywords !== undefined ? { keywords: cleanKeywords(patch.keywords) } : {};
    const result = await reviewOnly(() =>
      updateMemory(id, {
        ...patch,
        ...(content !== undefined ? { content } : {}),
        ...(cleaned && cleaned.removed > 0 ? { invisibleRemoved: cleaned.removed } : {}),
        ...tags,
        ...keywords,
      }),
    );
    await scheduleEditBackup();
    return result;
  },
  'memories.accept': async ({ ids, content }) => {
    const result = await acceptProposals(ids, content);
    await scheduleEditBackup();
    return result;
  },
  'memories.reject': async ({ ids }) => {
    const result = await rejectProposals(ids);
    await scheduleEditBackup();
    return result;
  },
  'memories.proposedCount': async () => ({ count: await countProposals() }),
  'memories.delete': async ({ ids }) => {
    // Deletes are what a user most wants back: snapshot first (DESIGN.md §5), reusing a fresh one.
    const { backupSkipped } = await backupFirst(ids.length > 1 ? 'before bulk delete' : 'before delete', ids);
    const deleted = await deleteMemories(ids);
    await scheduleEditBackup();
    // A delete made room: an answer kept aside for lack of space can be written now.
    if (await liftStoragePause().catch(() => false)) kickExtraction();
    return { deleted, backupSkipped };
  },
  'memories.restore': async ({ records, remove }) => {
    await restoreMemories(records, remove ?? []);
    await scheduleEditBackup();
    return { restored: records.length };
  },
  'memories.bulkUpdate': async ({ ids, patch }) => {
    await backupBefore('before bulk change', ids);
    const result = await reviewOnly(() => updateMemories(ids, patch));
    await scheduleEditBackup();
    return result;
  },
};
