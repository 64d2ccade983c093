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
  /** Plain http to another computer, or a user:password in the address (lib/provider/base-url.ts). */
  'insecure_base_url',
  /** The endpoint answered a forced tool call (`tool_choice: {type: 'tool'}`) without it. */
  'no_forced_tool',
  /** The call would leave this computer and the disclosure is not accepted yet (consent.ts). */
  'consent',
  /** The endpoint answered with a redirect, which no model call follows (consent-gate.ts). */
  'redirect',
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
