/**
 * One request keywords call as Activity shows it: when, for which site, what it cost, and the
 * keywords that came back (bounded: search terms only), or why none did. The draft is kept
 * only as its redacted start, as the injection log keeps a query.
 */
import * as z from 'zod/mini';
import { SiteIdSchema } from '../memory/types';

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
});
export type RequestCall = z.infer<typeof RequestCallSchema>;
