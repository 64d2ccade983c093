/**
 * What the side panel may send about "Add keywords", with each message's request and response
 * (handled in entrypoints/background/handlers/: keywords.ts). Part of EXTENSION_PAGE_MESSAGES
 * (../extension-page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import { def, Empty } from '../define';

/**
 * "Add keywords": how many memories have none and what asking the model for them would cost
 * (shown before the user confirms), and the run itself (tracked work, batch by batch).
 */
export const KEYWORDS_MESSAGES = {
  'keywords.estimate': def(Empty, z.object({ count: z.int(), inputTokens: z.int(), outputTokens: z.int() })),
  'keywords.add': def(
    Empty,
    z.object({
      updated: z.int(),
      /** Memories whose batch came back malformed: left without keywords. */
      failed: z.int(),
      inputTokens: z.int(),
      outputTokens: z.int(),
      /** Cancelled: the batches before it keep their keywords. */
      stopped: z.boolean(),
    }),
  ),
} as const;
