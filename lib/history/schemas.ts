/** Chat history as the side panel asks for it and receives it. */
import * as z from 'zod/mini';
import { SpaceIdSchema } from '../memory/spaces';
import { SiteIdSchema } from '../memory/types';
import { IMPORT_BATCH_MAX } from './import/types';

const SnippetPieceSchema = z.object({ text: z.string(), hit: z.boolean() });

const HistoryHitSchema = z.object({
  turn: z.int(),
  role: z.enum(['user', 'assistant']),
  snippet: z.array(SnippetPieceSchema),
});

/** What every listing of a chat shows of it: the Chats list and search results alike. */
const ChatHeadSchema = z.object({
  chatId: z.string(),
  site: SiteIdSchema,
  title: z.string(),
  url: z.string(),
  updatedAt: z.string(),
  turns: z.int(),
  imported: z.boolean(),
  /** The chat's space (absent: none). */
  space: z.optional(SpaceIdSchema),
});
export type ChatHead = z.infer<typeof ChatHeadSchema>;

/** Which chats: of these sites, last changed between these epoch ms bounds. */
const chatFilters = {
  sites: z.optional(z.array(SiteIdSchema).check(z.maxLength(20))),
  from: z.optional(z.number()),
  to: z.optional(z.number()),
  /** Chats in this space; null: in no space; absent: any. */
  space: z.optional(z.nullable(SpaceIdSchema)),
};

/** One chat in the results, with its best matching turns. */
export const HistoryResultSchema = z.extend(ChatHeadSchema, { score: z.number(), hits: z.array(HistoryHitSchema) });
export type HistoryResult = z.infer<typeof HistoryResultSchema>;

export const HistorySearchRequestSchema = z.object({
  query: z.string().check(z.maxLength(500)),
  /** `sites` adds to `site:` in the query. */
  ...chatFilters,
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
export const HistoryChatSummarySchema = z.extend(ChatHeadSchema, {
  firstWords: z.string(),
  /** How many sent messages carried an excerpt of this chat (past chats as context). */
  usedAsContext: z.optional(z.int()),
});
export type HistoryChatSummary = z.infer<typeof HistoryChatSummarySchema>;

export const HistoryListRequestSchema = z.object({
  offset: z.int().check(z.minimum(0)),
  limit: z.int().check(z.minimum(1), z.maximum(200)),
  ...chatFilters,
});
export type HistoryListRequest = z.infer<typeof HistoryListRequestSchema>;

export const HistoryListResponseSchema = z.object({
  total: z.int(),
  items: z.array(HistoryChatSummarySchema),
  pending: z.int(),
});

const ImportedTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().check(z.maxLength(2_000_000)),
  at: z.nullable(z.string().check(z.maxLength(40))),
  model: z.optional(z.string().check(z.maxLength(200))),
});

/** A conversation read from an export in the panel's worker (lib/history/import/). */
const ImportedConversationSchema = z.object({
  site: SiteIdSchema,
  conversationId: z.string().check(z.minLength(1), z.maxLength(300)),
  title: z.string().check(z.maxLength(2000)),
  url: z.string().check(z.maxLength(2000)),
  createdAt: z.nullable(z.string().check(z.maxLength(40))),
  updatedAt: z.nullable(z.string().check(z.maxLength(40))),
  turns: z.array(ImportedTurnSchema).check(z.maxLength(20_000)),
});

/** How far the panel's reader is through the export file, in bytes (the bar's figures). */
const ReadProgressSchema = z.object({
  done: z.int().check(z.minimum(0)),
  total: z.int().check(z.minimum(0)),
});

export const HistoryImportRequestSchema = z.object({
  conversations: z.array(ImportedConversationSchema).check(z.minLength(1), z.maxLength(IMPORT_BATCH_MAX)),
  /** One import of one file, chosen by the panel: its batches belong to one tracked run. */
  importId: z.string().check(z.minLength(1), z.maxLength(100)),
  read: ReadProgressSchema,
});

export const HistoryImportResponseSchema = z.object({ added: z.int(), updated: z.int(), kept: z.int() });
