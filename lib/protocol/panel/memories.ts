/**
 * What the side panel may send about memories and their review, with each message's request and
 * response (handled in entrypoints/background/handlers/: memories.ts, menu.ts (menu.pending)).
 * Part of EXTENSION_PAGE_MESSAGES (../extension-page.ts), the one map of what an extension page
 * may send.
 */
import * as z from 'zod/mini';
import { BulkPatchSchema, MemoryPatchSchema, NewMemorySchema } from '../../memory/edits';
import { PendingDraftSchema } from '../../memory/pending-draft';
import { MemoryContentSchema, MemoryRecordSchema } from '../../memory/types';
import { def, Empty } from '../define';
import { MemoryIdsSchema } from './ids';

const ReviewResultSchema = z.object({
  before: z.array(MemoryRecordSchema),
  created: z.array(z.string()),
  count: z.int(),
});

export const MEMORIES_MESSAGES = {
  'memories.add': def(NewMemorySchema, MemoryRecordSchema),
  'memories.update': def(
    z.object({ id: z.string(), patch: MemoryPatchSchema }),
    /** `versionId`: the version that now holds the old text, when the text changed (undo removes it). */
    z.object({ before: MemoryRecordSchema, after: MemoryRecordSchema, versionId: z.optional(z.string()) }),
  ),
  'memories.delete': def(
    z.object({ ids: z.array(z.string()).check(z.maxLength(100_000)) }),
    /** `backupSkipped`: storage was full, so the delete went ahead without its backup. */
    z.object({ deleted: z.array(MemoryRecordSchema), backupSkipped: z.boolean() }),
  ),
  /** Puts records back exactly as they were, and removes those the action created: the side panel's undo. */
  'memories.restore': def(
    z.object({
      records: z.array(MemoryRecordSchema).check(z.maxLength(100_000)),
      remove: z.optional(MemoryIdsSchema),
    }),
    z.object({ restored: z.int() }),
  ),
  /**
   * Accepts proposals (a proposed change is applied, the old text kept as a version); with
   * `content`, exactly one, as the user edited it. Returns what undo needs.
   */
  'memories.accept': def(
    z.object({ ids: MemoryIdsSchema.check(z.minLength(1)), content: z.optional(MemoryContentSchema) }),
    ReviewResultSchema,
  ),
  /** Rejects proposals: removed, returned for undo. */
  'memories.reject': def(z.object({ ids: MemoryIdsSchema.check(z.minLength(1)) }), ReviewResultSchema),
  /** How many memories wait for review. */
  'memories.proposedCount': def(Empty, z.object({ count: z.int() })),
  /** Bulk change type / scope / status / pin / importance; returns before/after for undo. */
  'memories.bulkUpdate': def(
    z.object({ ids: z.array(z.string()).check(z.minLength(1), z.maxLength(100_000)), patch: BulkPatchSchema }),
    z.object({ before: z.array(MemoryRecordSchema), after: z.array(MemoryRecordSchema) }),
  ),
  /** Takes (and clears) the text waiting from the "Remember this" context menu. */
  'menu.pending': def(Empty, z.object({ draft: z.nullable(PendingDraftSchema) })),
} as const;
