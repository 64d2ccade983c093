/**
 * What the side panel may send about the extraction queue, the model connection and the provider
 * notice, with each message's request and response (handled in entrypoints/background/handlers/:
 * queue.ts, connection.ts, consent.ts). Part of EXTENSION_PAGE_MESSAGES (../extension-page.ts),
 * the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import { JobViewSchema, UsageSummarySchema } from '../../extraction/views';
import { QueuePauseSchema } from '../../memory/types';
import { ConnectionResultSchema } from '../../provider/connection-result';
import { ConsentStateSchema } from '../../provider/consent-state';
import { AUTH_STYLES, PROVIDER_IDS } from '../../provider/presets';
import { def, Empty } from '../define';
import { IdSchema } from './ids';

export const EXTRACTION_MESSAGES = {
  'queue.list': def(Empty, z.object({ jobs: z.array(JobViewSchema), paused: z.nullable(QueuePauseSchema) })),
  /** Finishes the chat and runs its extraction now (a failed job for this version runs again). */
  'queue.extractNow': def(
    z.object({ chatId: z.string().check(z.minLength(1), z.maxLength(300)) }),
    z.object({ jobId: z.nullable(z.string()), queued: z.boolean(), message: z.string() }),
  ),
  'queue.retry': def(z.object({ jobId: IdSchema }), JobViewSchema),
  'queue.discard': def(z.object({ jobId: IdSchema }), z.object({ discarded: z.boolean() })),
  'usage.summary': def(Empty, UsageSummarySchema),
  /** One tiny real call to the Messages API with the saved key (or the one being typed). */
  'connection.test': def(
    z.object({
      apiKey: z.optional(z.string().check(z.maxLength(500))),
      baseUrl: z.optional(z.string().check(z.maxLength(500))),
      model: z.optional(z.string().check(z.maxLength(100))),
      /** The provider and auth style being tried (Settings' unsaved choice); saved ones otherwise. */
      provider: z.optional(z.enum(PROVIDER_IDS)),
      authStyle: z.optional(z.enum(AUTH_STYLES)),
    }),
    ConnectionResultSchema,
  ),
  /** The origins the notice before calls to a provider outside this computer was accepted for (lib/db/consent.ts). */
  'consent.get': def(Empty, ConsentStateSchema),
  /**
   * The user's "I agree" on the notice naming the receiver of `baseUrl`, for that origin only:
   * the side panel only, never a page or a desktop tool.
   */
  'consent.accept': def(z.object({ baseUrl: z.string().check(z.maxLength(500)) }), ConsentStateSchema),
  /** The user takes the notice back for one origin: calls there stop until agreed again (side panel only). */
  'consent.withdraw': def(z.object({ origin: z.string().check(z.maxLength(500)) }), ConsentStateSchema),
} as const;
