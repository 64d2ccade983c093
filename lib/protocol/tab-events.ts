/**
 * What the background tells a chat page (by `tabs.sendMessage`), with its schema: the page
 * parses every message on arrival and ignores anything else. Only the extension can send to a
 * content script, so a notice needs no payload the page could forge. The content script
 * bundles this file: zod/mini only, nothing of the panel's schemas.
 */
import * as z from 'zod/mini';

/**
 * What a prepared block was built from changed (memories, settings, this tab's switched-off
 * memories, or the worker itself): the page drops the block it holds and asks again. `reach`:
 * the chat's space may have changed, so a block that missed its message must not go with the
 * next one either. It says no more: the page never learns which space, or that spaces exist.
 */
export const PREPARED_STALE = 'claude-mem:prepared-stale';

export const TabEventSchema = z.object({ type: z.literal(PREPARED_STALE), reach: z.optional(z.literal(true)) });
export type TabEvent = z.output<typeof TabEventSchema>;
