/**
 * The one way the panel hears from the background: messages from this extension's own
 * contexts without a tab. Anything a chat page's content script broadcasts is ignored here.
 */
import { browser } from '#imports';
import { type EventSender, fromExtension } from '../../../lib/protocol/panel-events';

export function onBackgroundMessage(handle: (message: unknown) => void): () => void {
  const origin = browser.runtime.getURL('/');
  const listener = (message: unknown, sender: EventSender) => {
    if (fromExtension(sender, browser.runtime.id, origin)) handle(message);
    // No reply: the background does not wait for one.
    return undefined;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
