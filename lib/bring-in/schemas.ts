/** The bring-in messages' payloads (lib/protocol/extension-page.ts lists the messages). */
import * as z from 'zod/mini';
import { ImportanceSchema, IsoDate, MemoryTypeSchema } from '../memory/types';
import { MAX_REFINE_ITEMS } from './refine-prompt';
import { MAX_ITEM_CHARS, MAX_ITEMS } from './types';

const ContentSchema = z.string().check(z.minLength(1), z.maxLength(MAX_ITEM_CHARS));

const BringInItemSchema = z.object({
  content: ContentSchema,
  type: MemoryTypeSchema,
  importance: ImportanceSchema,
  createdAt: z.nullable(IsoDate),
});

export const BringInItemsSchema = z.object({
  items: z.array(BringInItemSchema).check(z.minLength(1), z.maxLength(MAX_ITEMS)),
});

export const ItemCheckSchema = z.object({
  verdict: z.enum(['new', 'same', 'updates', 'replaces', 'private']),
  existing: z.nullable(z.string()),
  label: z.nullable(z.string()),
});

export const MergeStatsSchema = z.object({
  added: z.int(),
  updated: z.int(),
  superseded: z.int(),
  unchanged: z.int(),
  dropped: z.int(),
});

export const RefineRequestSchema = z.object({
  items: z
    .array(z.object({ content: ContentSchema, type: MemoryTypeSchema, importance: ImportanceSchema }))
    .check(z.minLength(1), z.maxLength(MAX_REFINE_ITEMS)),
});
