/** Tidy-up's messages between the side panel and the background (lib/protocol imports these). */
import * as z from 'zod/mini';
import { MemoryContentSchema } from '../memory/types';

const Count = z.int().check(z.minimum(0));
const ProposalIds = z.array(z.string().check(z.maxLength(100))).check(z.minLength(1), z.maxLength(2000));

export const TidyStatusSchema = z.object({
  /** Active memories now. */
  active: Count,
  /** How many more than at the last tidy-up (or "not now"). */
  grown: z.int(),
  suggest: z.boolean(),
  /** The growth at which tidy-up is suggested. */
  threshold: Count,
});

export const TidyEstimateSchema = z.object({
  groups: Count,
  memories: Count,
  calls: Count,
  tooLarge: Count,
  inputTokens: Count,
  outputTokens: Count,
  /** The price of those tokens for the chosen model, in its provider's currency; `known` false: tokens only. */
  cost: z.object({ amount: z.number(), currency: z.enum(['USD', 'CNY']), known: z.boolean() }),
  /** Tokens used today (UTC) and the daily cap (0: none): the run stops before passing it. */
  usedToday: Count,
  cap: Count,
});

export const TidyRunRequestSchema = z.object({
  /** The tokens of the estimate the user confirmed: a run that would now cost much more is refused. */
  confirmedTokens: Count,
});

export const TidyRunResultSchema = z.object({
  proposals: Count,
  keptAll: Count,
  /** Ids an answer named outside its own group: dropped. */
  foreignIds: Count,
  invalid: Count,
  privacyDropped: Count,
  unanswered: Count,
  /** Calls whose answer was malformed: their groups got no proposal. */
  failedCalls: Count,
  callsDone: Count,
  calls: Count,
  /** Why the run ended early: the daily cap, or the user's Cancel (what was done is kept). */
  stopped: z.nullable(z.enum(['cap', 'cancelled'])),
  inputTokens: Count,
  outputTokens: Count,
});

export const TidyIdsSchema = z.object({ ids: ProposalIds });

/** Accept: with `text`, exactly one merge, its text as the user edited it. */
export const TidyAcceptRequestSchema = z.object({ ids: ProposalIds, text: z.optional(MemoryContentSchema) });

export const TidyAcceptResultSchema = z.object({
  accepted: Count,
  /** The proposals accepted, each its own undo step. */
  acceptedIds: z.array(z.string()),
  stale: Count,
  skipped: Count,
});
