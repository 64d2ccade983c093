/**
 * Where the "Remember this" selection waits between the context-menu click (background) and
 * the side panel's confirmation. In the extension's private database (lib/db/trusted.ts), so a
 * stopped service worker loses nothing and no content script can plant one.
 */
import * as z from 'zod/mini';
import { MAX_MEMORY_CHARS, SiteIdSchema } from './types';

export const PENDING_DRAFT_KEY = 'menu.pendingDraft';

/** Text the user chose "Remember this" on, waiting for the side panel to confirm it. */
export const PendingDraftSchema = z.object({
  text: z.string().check(z.minLength(1), z.maxLength(MAX_MEMORY_CHARS)),
  url: z.string().check(z.maxLength(2000)),
  title: z.string().check(z.maxLength(500)),
  site: z.nullable(SiteIdSchema),
  at: z.string(),
});
export type PendingDraft = z.infer<typeof PendingDraftSchema>;
