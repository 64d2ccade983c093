/**
 * What the side panel may send about tidy-up, with each message's request and response (handled in
 * entrypoints/background/handlers/: tidy.ts). Part of EXTENSION_PAGE_MESSAGES (../extension-
 * page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import {
  TidyAcceptRequestSchema,
  TidyAcceptResultSchema,
  TidyEstimateSchema,
  TidyIdsSchema,
  TidyRunRequestSchema,
  TidyRunResultSchema,
  TidyStatusSchema,
} from '../../tidy/schemas';
import { def, Empty } from '../define';

/**
 * Tidy-up: whether to suggest it, the estimate (local grouping, calls, tokens, price) shown
 * before any call, the run (tracked work, batch by batch under the daily cap), and the user's
 * answer to its proposals, each accepted one its own undo step.
 */
export const TIDY_MESSAGES = {
  'tidy.status': def(Empty, TidyStatusSchema),
  'tidy.dismiss': def(Empty, Empty),
  'tidy.estimate': def(Empty, TidyEstimateSchema),
  'tidy.run': def(TidyRunRequestSchema, TidyRunResultSchema),
  'tidy.accept': def(TidyAcceptRequestSchema, TidyAcceptResultSchema),
  'tidy.reject': def(TidyIdsSchema, z.object({ rejected: z.int() })),
  'tidy.undo': def(
    z.object({ id: z.string().check(z.maxLength(100)) }),
    z.object({ reverted: z.int(), changedSince: z.int() }),
  ),
} as const;
