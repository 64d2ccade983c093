/**
 * One request keywords call as Activity shows it: when, for which site, what it cost, and the
 * keywords that came back (bounded: search terms only), or why none did; when it judged
 * candidates, how many it was shown and which it picked (memory ids, the panel shows their
 * text as it is now; chats by id and title, as an injection keeps them). The draft is kept
 * only as its redacted start, as the injection log keeps a query.
 */
import * as z from 'zod/mini';
import { SiteIdSchema } from '../memory/types';

export const JudgedCallSchema = z.object({
  offered: z.object({ memories: z.int(), chats: z.int() }),
  /** Null: that list was not judged (see problem). */
  memories: z.nullable(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(60))),
  chats: z.nullable(
    z
      .array(z.object({ chatId: z.string().check(z.maxLength(400)), title: z.string().check(z.maxLength(500)) }))
      .check(z.maxLength(60)),
  ),
  /** Why a list offered was not used: it named numbers that were not offered, or was not given. */
  problem: z.nullable(z.enum(['unknown-numbers', 'not-judged'])),
});
export type JudgedCall = z.infer<typeof JudgedCallSchema>;

export const RequestCallSchema = z.object({
  id: z.string(),
  at: z.string(),
  site: SiteIdSchema,
  /** The first words of the draft as it was sent: after the privacy filter. */
  draft: z.string().check(z.maxLength(200)),
  /** How many spans the privacy filter replaced before the draft went out. */
  redacted: z.int(),
  inputTokens: z.int(),
  outputTokens: z.int(),
  keywords: z.array(z.string()),
  /** Why no keywords came back (a malformed answer, an error), or null. */
  problem: z.nullable(z.string()),
  /** Milliseconds from the pause to the answer. */
  ms: z.int(),
  /** Absent: no candidates went with the draft (keywords only). */
  judged: z.optional(JudgedCallSchema),
});
export type RequestCall = z.infer<typeof RequestCallSchema>;
