/**
 * The one way the panel hears from the background: events from this extension's own contexts
 * without a tab, parsed by their schema (lib/protocol/panel-events.ts). Anything a chat page's
 * content script broadcasts, and anything that is not an event, is ignored here.
 */
import { browser } from '#imports';
import { type EventSender, fromExtension, type PanelEvent, PanelEventSchema } from '../../../lib/protocol/panel-events';

export function onPanelEvent(handle: (event: PanelEvent) => void): () => void {
  const origin = browser.runtime.getURL('/');
  const listener = (message: unknown, sender: EventSender) => {
    const event = fromExtension(sender, browser.runtime.id, origin) ? PanelEventSchema.safeParse(message) : null;
    if (event?.success) handle(event.data);
    // No reply: the background does not wait for one.
    return undefined;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
