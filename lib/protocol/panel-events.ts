/**
 * Events the background broadcasts to open extension pages (the side panel): settings were
 * saved, a "Remember this" draft waits, long work moved on. Each has its schema here and is
 * parsed on arrival (entrypoints/sidepanel/models/background-events.ts); the background sends
 * them through broadcast.ts, typed by the same union. A content script can broadcast to
 * extension pages too, so a page listens only to senders of this extension without a tab.
 */
import * as z from 'zod/mini';
import { WorkProgressSchema } from '../work/progress';

export const SETTINGS_CHANGED_EVENT = 'settings.changed';
export const DRAFT_WAITING_EVENT = 'menu.draftWaiting';
/** Long work (lib/work/progress.ts) reports each step; a panel opened mid-run asks `work.status`. */
export const WORK_PROGRESS_EVENT = 'work.progress';

export const PanelEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(SETTINGS_CHANGED_EVENT) }),
  z.object({ type: z.literal(DRAFT_WAITING_EVENT) }),
  z.object({ type: z.literal(WORK_PROGRESS_EVENT), progress: WorkProgressSchema }),
]);
export type PanelEvent = z.output<typeof PanelEventSchema>;

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
