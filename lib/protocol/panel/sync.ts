/**
 * What the side panel may send about sync, with each message's request and response (handled in
 * entrypoints/background/handlers/: sync.ts). Part of EXTENSION_PAGE_MESSAGES (../extension-
 * page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import { EnableRequestSchema, SyncStatusSchema, TravelSchema } from '../../sync/schemas';
import { def, Empty } from '../define';

/**
 * Sync (lib/sync/): set-up, a round now, the switches, turning off (keeps everything local) and
 * removing the database from the server (the request names it, as the user confirmed it).
 * Panel only: a chat page can send none of them.
 */
export const SYNC_MESSAGES = {
  'sync.status': def(Empty, SyncStatusSchema),
  'sync.enable': def(EnableRequestSchema, SyncStatusSchema),
  'sync.now': def(Empty, SyncStatusSchema),
  'sync.setTravel': def(TravelSchema, SyncStatusSchema),
  'sync.disable': def(Empty, SyncStatusSchema),
  'sync.removeRemote': def(z.object({ database: z.string().check(z.maxLength(300)) }), SyncStatusSchema),
} as const;
