/** Chat history as the side panel asks for it and receives it. */
import * as z from 'zod/mini';
import { SiteIdSchema } from '../memory/types';

const SnippetPieceSchema = z.object({ text: z.string(), hit: z.boolean() });

const HistoryHitSchema = z.object({
  turn: z.int(),
  role: z.enum(['user', 'assistant']),
  snippet: z.array(SnippetPieceSchema),
});

/** One chat in the results, with its best matching turns. */
export const HistoryResultSchema = z.object({
  chatId: z.string(),
  site: SiteIdSchema,
  title: z.string(),
  url: z.string(),
  updatedAt: z.string(),
  turns: z.int(),
  imported: z.boolean(),
  score: z.number(),
  hits: z.array(HistoryHitSchema),
});
export type HistoryResult = z.infer<typeof HistoryResultSchema>;

export const HistorySearchRequestSchema = z.object({
  query: z.string().check(z.maxLength(500)),
  /** Only chats of these sites (also `site:` in the query). */
  sites: z.optional(z.array(SiteIdSchema).check(z.maxLength(20))),
  /** Epoch ms bounds on the chat's last change. */
  from: z.optional(z.number()),
  to: z.optional(z.number()),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(200))),
});
export type HistorySearchRequest = z.infer<typeof HistorySearchRequestSchema>;

export const HistorySearchResponseSchema = z.object({
  results: z.array(HistoryResultSchema),
  /** Chats that matched before the limit. */
  total: z.int(),
  /** Chats still waiting to be indexed: results may be incomplete. */
  pending: z.int(),
  ms: z.number(),
});
export type HistorySearchResponse = z.infer<typeof HistorySearchResponseSchema>;

/** A chat as the Chats list shows it. */
export const HistoryChatSummarySchema = z.object({
  chatId: z.string(),
  site: SiteIdSchema,
  title: z.string(),
  url: z.string(),
  updatedAt: z.string(),
  turns: z.int(),
  firstWords: z.string(),
  imported: z.boolean(),
});
export type HistoryChatSummary = z.infer<typeof HistoryChatSummarySchema>;

export const HistoryListRequestSchema = z.object({
  offset: z.int().check(z.minimum(0)),
  limit: z.int().check(z.minimum(1), z.maximum(200)),
  sites: z.optional(z.array(SiteIdSchema).check(z.maxLength(20))),
  from: z.optional(z.number()),
  to: z.optional(z.number()),
});
export type HistoryListRequest = z.infer<typeof HistoryListRequestSchema>;

export const HistoryListResponseSchema = z.object({
  total: z.int(),
  items: z.array(HistoryChatSummarySchema),
  pending: z.int(),
});
