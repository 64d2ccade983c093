/** What the side panel learns about the provider disclosure: accepted or not, and when. */
import * as z from 'zod/mini';

export const ConsentStateSchema = z.object({ accepted: z.boolean(), acceptedAt: z.nullable(z.string()) });
export type ConsentState = z.infer<typeof ConsentStateSchema>;
