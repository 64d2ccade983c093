/**
 * "Extract memories from these": the batch of history chats the user picked, as the side panel
 * asks about it (the estimate first, then the batch's progress). zod/mini: panel and background.
 */
import * as z from 'zod/mini';
import { SiteIdSchema } from '../memory/types';

/** At most this many chats in one batch (a year of daily chats on three sites). */
export const MAX_BATCH_CHATS = 5_000;

const ChatIdsSchema = z.array(z.string().check(z.minLength(1), z.maxLength(300))).check(z.maxLength(MAX_BATCH_CHATS));

export const BatchPickSchema = z.object({
  chatIds: ChatIdsSchema,
  /** Chats already extracted at their current text: extracted again (true) or skipped. */
  reextract: z.boolean(),
});
export type BatchPick = z.infer<typeof BatchPickSchema>;

const TotalsSchema = z.object({ calls: z.int(), inputTokens: z.int(), outputTokens: z.int() });

export const BatchStartSchema = z.extend(BatchPickSchema, {
  name: z.optional(z.string().check(z.maxLength(200))),
  /** The estimate the user confirmed, kept with the batch to compare with what it used. */
  estimate: TotalsSchema,
});

/** Chats of the current filter (site, dates), for "select all shown". */
export const BatchFilterSchema = z.object({
  sites: z.optional(z.array(SiteIdSchema).check(z.maxLength(20))),
  from: z.optional(z.number()),
  to: z.optional(z.number()),
});

const CostSchema = z.object({ amount: z.number(), currency: z.enum(['USD', 'CNY']), known: z.boolean() });

export const BatchEstimateSchema = z.object({
  /** Chats that would be queued. */
  chats: z.int(),
  /** Picked chats already extracted at their current text (skipped unless re-extracting). */
  alreadyExtracted: z.int(),
  /** Picked chats that are gone, forgotten ("don't remember") or empty: never queued. */
  unavailable: z.int(),
  calls: z.int(),
  inputTokens: z.int(),
  outputTokens: z.int(),
  cost: CostSchema,
  /** Tokens per UTC day (0 = no cap) and those already used today. */
  dailyTokenCap: z.int(),
  usedToday: z.int(),
  /** Of `chats`, how many fit in what the cap and the per-site bounds leave today; the rest wait for tomorrow. */
  fitToday: z.int(),
});
export type BatchEstimate = z.infer<typeof BatchEstimateSchema>;

export const BATCH_STATES = ['running', 'paused', 'cancelled', 'done'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export const BatchViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  state: z.enum(BATCH_STATES),
  reextract: z.boolean(),
  /** Jobs queued by the batch. */
  total: z.int(),
  done: z.int(),
  failed: z.int(),
  /** Jobs gone before they ran: cancelled, or their chat deleted or forgotten meanwhile. */
  dropped: z.int(),
  waiting: z.int(),
  running: z.int(),
  /** Tokens the batch's calls used so far. */
  inputTokens: z.int(),
  outputTokens: z.int(),
  estimate: TotalsSchema,
  skipped: z.object({ alreadyExtracted: z.int(), unavailable: z.int() }),
});
export type BatchView = z.infer<typeof BatchViewSchema>;
