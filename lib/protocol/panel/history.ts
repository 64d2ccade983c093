/**
 * What the side panel may send about chat history, with each message's request and response
 * (handled in entrypoints/background/handlers/: history.ts). Part of EXTENSION_PAGE_MESSAGES
 * (../extension-page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import {
  HistoryImportRequestSchema,
  HistoryImportResponseSchema,
  HistoryListRequestSchema,
  HistoryListResponseSchema,
  HistorySearchRequestSchema,
  HistorySearchResponseSchema,
} from '../../history/schemas';
import { def } from '../define';
import { IdSchema } from './ids';

/** Chat history: search and list run here only, never for a content script. */
export const HISTORY_MESSAGES = {
  'history.search': def(HistorySearchRequestSchema, HistorySearchResponseSchema),
  'history.list': def(HistoryListRequestSchema, HistoryListResponseSchema),
  /** One batch of conversations read from a site's export: stored as history and indexed before the reply. */
  'history.import': def(HistoryImportRequestSchema, HistoryImportResponseSchema),
  /** The panel's reader finished (or stopped): the import's progress bar ends. */
  'history.importEnd': def(
    z.object({ importId: z.string().check(z.maxLength(100)), failed: z.boolean() }),
    z.object({ ended: z.boolean() }),
  ),
  /** Deletes chats: their text leaves the store, the search index and every backup. */
  'history.delete': def(
    z.object({ ids: z.array(IdSchema).check(z.minLength(1), z.maxLength(1000)) }),
    z.object({ deleted: z.int(), backupsChanged: z.int() }),
  ),
} as const;
