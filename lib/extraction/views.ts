/** The extraction queue and API usage as the side panel shows them. */
import * as z from 'zod/mini';
import { JOB_STATES, QueuePauseSchema } from '../memory/types';

/** One queued extraction as the side panel lists it. */
export const JobViewSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  chatTitle: z.string(),
  site: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.int(),
  nextAttemptAt: z.string(),
  lastError: z.nullable(z.string()),
  outcome: z.nullable(z.string()),
  inputTokens: z.int(),
  outputTokens: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof JobViewSchema>;

const UsageTotalsSchema = z.object({
  /** A UTC day (`YYYY-MM-DD`) or, for a month, its first day. */
  day: z.string(),
  inputTokens: z.int(),
  outputTokens: z.int(),
  costUsd: z.number(),
  /** Cost of calls priced in CNY; tokens of calls whose price is unknown (never a guessed cost). */
  costCny: z.optional(z.number()),
  unpricedTokens: z.optional(z.int()),
  calls: z.int(),
});

export const UsageSummarySchema = z.object({
  today: UsageTotalsSchema,
  month: UsageTotalsSchema,
  /** The last 30 UTC days that had calls, oldest first. */
  days: z.array(UsageTotalsSchema),
  /** Tokens (input + output) per UTC day; 0 = no cap. */
  dailyTokenCap: z.int(),
  capReached: z.boolean(),
  paused: z.nullable(QueuePauseSchema),
  /** The price the cost estimate assumes for the configured provider and model (lib/provider/pricing.ts). */
  price: z.object({
    model: z.string(),
    inputPerMTok: z.number(),
    outputPerMTok: z.number(),
    currency: z.enum(['USD', 'CNY']),
    known: z.boolean(),
  }),
});
