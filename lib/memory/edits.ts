/**
 * What the side panel may ask to change in memories: a new one, a patch of one, a bulk
 * change of many. Content is changed one memory at a time, never in bulk.
 */
import * as z from 'zod/mini';
import { SpaceIdSchema } from './spaces';
import {
  ImportanceSchema,
  MemoryContentSchema,
  MemoryKeywordsSchema,
  MemoryNoteSchema,
  MemorySourceSchema,
  MemoryStatusSchema,
  MemoryTypeSchema,
  ScopeSchema,
} from './types';
import { WhenSchema } from './when';

export const NewMemorySchema = z.object({
  content: MemoryContentSchema,
  type: MemoryTypeSchema,
  importance: z.optional(ImportanceSchema),
  scope: z.optional(ScopeSchema),
  note: z.optional(MemoryNoteSchema),
  /** Where a hand-added memory came from ("Remember this" on a page). */
  source: z.optional(z.nullable(MemorySourceSchema)),
  /** The space it goes in (lib/memory/spaces.ts); absent: Everywhere. */
  space: z.optional(SpaceIdSchema),
});

export const MemoryPatchSchema = z.object({
  content: z.optional(MemoryContentSchema),
  type: z.optional(MemoryTypeSchema),
  importance: z.optional(ImportanceSchema),
  scope: z.optional(ScopeSchema),
  note: z.optional(MemoryNoteSchema),
  pinned: z.optional(z.boolean()),
  status: z.optional(MemoryStatusSchema),
  keywords: z.optional(MemoryKeywordsSchema),
  /** The day it is about (when.ts); null takes the date away. */
  when: z.optional(z.nullable(WhenSchema)),
});

/** What a bulk action may change: never content (that is one memory at a time). */
export const BulkPatchSchema = z.pick(MemoryPatchSchema, {
  type: true,
  scope: true,
  status: true,
  pinned: true,
  importance: true,
});
