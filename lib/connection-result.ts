/** The outcome of "Test connection", sorted into something a person can act on. */
import * as z from 'zod/mini';

export const CONNECTION_PROBLEMS = [
  'none',
  'no_key',
  'bad_key',
  'forbidden',
  'not_found',
  'rate_limited',
  'overloaded',
  'server',
  'network',
  'bad_base_url',
  'other',
] as const;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];

export const ConnectionResultSchema = z.object({
  ok: z.boolean(),
  problem: z.enum(CONNECTION_PROBLEMS),
  status: z.nullable(z.int()),
  /** The API's own message, scrubbed of the key; shown under the plain-words line. */
  detail: z.string(),
  model: z.string(),
});
export type ConnectionResult = z.infer<typeof ConnectionResultSchema>;
