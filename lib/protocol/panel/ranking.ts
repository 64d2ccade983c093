/**
 * What the side panel may send about the ranker's views and the audit log, with each message's
 * request and response (handled in entrypoints/background/handlers/: search.ts, activity.ts). Part
 * of EXTENSION_PAGE_MESSAGES (../extension-page.ts), the one map of what an extension page may
 * send.
 */
import * as z from 'zod/mini';
import { InjectionSchema, MemoryRecordSchema, SiteIdSchema } from '../../memory/types';
import { InjectionPreviewSchema, ScoredMemorySchema } from '../../ranking/schemas';
import { def } from '../define';
import { MemoryIdsSchema } from './ids';

export const RANKING_MESSAGES = {
  /**
   * Search as you type: active memories of every scope ranked for `query` as a plain lookup
   * (no greeting/intent shortcuts), with score parts.
   */
  'memories.search': def(
    z.object({
      query: z.string().check(z.maxLength(10_000)),
      limit: z.optional(z.int().check(z.minimum(1), z.maximum(500))),
    }),
    z.object({ results: z.array(ScoredMemorySchema) }),
  ),
  /**
   * What would be injected on `site` for `draft`, at that site's budget, without recording
   * anything; `exclude` takes memories out (the user unticked them), and the next ones move up.
   * With `tabId`, the preview says which memories the tab's request keywords changed.
   */
  'inject.preview': def(
    z.object({
      site: SiteIdSchema,
      draft: z.string().check(z.maxLength(100_000)),
      exclude: z.optional(MemoryIdsSchema),
      /** The chat tab the draft is typed in: its request keywords, if any arrived, rank it too. */
      tabId: z.optional(z.int()),
    }),
    InjectionPreviewSchema,
  ),
  /** "This was wrong" on an Activity entry: demote (feedback −1, importance −1) or delete. */
  'injections.markWrong': def(
    z.object({ injectionId: z.string(), memoryId: z.string(), action: z.enum(['demote', 'delete']) }),
    z.object({ memoryBefore: MemoryRecordSchema, injectionBefore: InjectionSchema }),
  ),
  /** Puts audit records back exactly (undo of "this was wrong"). */
  'injections.restore': def(
    z.object({ records: z.array(InjectionSchema).check(z.maxLength(1000)) }),
    z.object({ restored: z.int() }),
  ),
} as const;
