/** What the side panel learns about the provider notice: the origins it was accepted for, and when. */
import * as z from 'zod/mini';

export const ConsentStateSchema = z.object({
  accepted: z.array(z.object({ origin: z.string(), acceptedAt: z.string() })),
});
export type ConsentState = z.infer<typeof ConsentStateSchema>;
