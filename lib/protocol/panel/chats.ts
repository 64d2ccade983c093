/**
 * What the side panel may send about the chat tabs and stored chats, with each message's request
 * and response (handled in entrypoints/background/handlers/: sites.ts (tab.health), chats.ts,
 * injection.ts (tab.exclude)). Part of EXTENSION_PAGE_MESSAGES (../extension-page.ts), the one map
 * of what an extension page may send.
 */
import * as z from 'zod/mini';
import { ChatSummarySchema } from '../../db/reports';
import { ChatSchema } from '../../memory/types';
import { TabHealthSchema } from '../../page/site-health';
import { def, Empty } from '../define';
import { IdSchema, MemoryIdsSchema } from './ids';

export const CHATS_MESSAGES = {
  /** The side panel asks about a tab (default: the active tab of the last focused window). */
  'tab.health': def(z.object({ tabId: z.optional(z.int()) }), TabHealthSchema),
  'chats.list': def(Empty, z.array(ChatSummarySchema)),
  'chats.get': def(z.object({ id: IdSchema }), z.nullable(ChatSchema)),
  /** Memories the user switched off in This tab: left out of that tab's next injections. */
  'tab.exclude': def(z.object({ tabId: z.int(), ids: MemoryIdsSchema }), z.object({ excluded: z.int() })),
} as const;
