/**
 * Events the background broadcasts to open extension pages (the side panel): settings were
 * saved, a "Remember this" draft waits. A content script can broadcast to extension pages
 * too, so a page listens only to senders of this extension without a tab.
 */
import * as z from 'zod/mini';

export const SETTINGS_CHANGED_EVENT = 'settings.changed';
export const DRAFT_WAITING_EVENT = 'menu.draftWaiting';

export const PanelEventSchema = z.object({ type: z.enum([SETTINGS_CHANGED_EVENT, DRAFT_WAITING_EVENT]) });

/** The parts of `runtime.MessageSender` looked at. */
export interface EventSender {
  id?: string;
  url?: string;
  tab?: unknown;
}

/** True only for the extension's own background or pages: never a content script (it has a tab). */
export function fromExtension(sender: EventSender, extensionId: string, extensionOrigin: string): boolean {
  if (sender.tab !== undefined || sender.id !== extensionId) return false;
  return sender.url === undefined || sender.url.startsWith(extensionOrigin);
}
