/**
 * What the side panel may send about long work, with each message's request and response (handled
 * in entrypoints/background/handlers/: work.ts). Part of EXTENSION_PAGE_MESSAGES (../extension-
 * page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import { WORK_KINDS, WorkProgressSchema } from '../../work/progress';
import { def, Empty } from '../define';

/**
 * Long work (import, export, restore, bring-in, model batches) reports progress as
 * `work.progress` events the background broadcasts (lib/work/progress.ts); these ask for the
 * runs in progress (a panel opened mid-run) and cancel one before it commits.
 */
export const WORK_MESSAGES = {
  'work.status': def(Empty, z.object({ running: z.array(WorkProgressSchema) })),
  'work.cancel': def(z.object({ kind: z.enum(WORK_KINDS) }), z.object({ cancelled: z.boolean() })),
} as const;
