/**
 * What the side panel may send about bring-in, with each message's request and response (handled
 * in entrypoints/background/handlers/: bring-in.ts). Part of EXTENSION_PAGE_MESSAGES
 * (../extension-page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import { RefineAnswerSchema } from '../../bring-in/refine-prompt';
import { BringInItemsSchema, ItemCheckSchema, MergeStatsSchema, RefineRequestSchema } from '../../bring-in/schemas';
import { def } from '../define';

/** "Bring in memories": a dry run of the merge per item, the commit, and the model's refinement. */
export const BRING_IN_MESSAGES = {
  'bringIn.check': def(BringInItemsSchema, z.object({ checks: z.array(ItemCheckSchema) })),
  'bringIn.commit': def(BringInItemsSchema, z.extend(MergeStatsSchema, { undoId: z.string() })),
  'bringIn.refine': def(
    RefineRequestSchema,
    z.extend(RefineAnswerSchema, { inputTokens: z.int(), outputTokens: z.int() }),
  ),
} as const;
