/**
 * What the side panel may send about batches of history chats to extract from, with each message's
 * request and response (handled in entrypoints/background/handlers/: extract-batch.ts). Part of
 * EXTENSION_PAGE_MESSAGES (../extension-page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import {
  BatchEstimateSchema,
  BatchFilterSchema,
  BatchPickSchema,
  BatchStartSchema,
} from '../../extraction/batch-schemas';
import { def } from '../define';
import { IdSchema } from './ids';

/**
 * "Extract memories from these": picked history chats, the estimate first (nothing is queued and
 * no call goes out), then one named batch in the extraction queue with pause, resume, cancel.
 * Progress is read live from the database by the panel.
 */
export const EXTRACT_BATCH_MESSAGES = {
  /** The chats of the current filter (site, dates), for "select all shown". */
  'extractBatch.pick': def(BatchFilterSchema, z.object({ chatIds: z.array(z.string()) })),
  'extractBatch.estimate': def(BatchPickSchema, BatchEstimateSchema),
  'extractBatch.start': def(BatchStartSchema, z.object({ batchId: z.string(), queued: z.int() })),
  'extractBatch.pause': def(z.object({ id: IdSchema }), z.object({ changed: z.boolean() })),
  'extractBatch.resume': def(z.object({ id: IdSchema }), z.object({ changed: z.boolean() })),
  'extractBatch.cancel': def(z.object({ id: IdSchema }), z.object({ dropped: z.int() })),
  'extractBatch.dismiss': def(z.object({ id: IdSchema }), z.object({ changed: z.boolean() })),
} as const;
