/**
 * The background's side of the events: typed by their schemas (panel-events.ts, tab-events.ts),
 * so nothing leaves that a listener would not parse. Nobody listening is not a failure: no
 * panel open, or a tab without the content script (not loaded yet, or closed).
 */
import { browser } from '#imports';
import type { PanelEvent } from './panel-events';
import type { TabEvent } from './tab-events';

/** To every open extension page. */
export function broadcast(event: PanelEvent): void {
  browser.runtime.sendMessage(event).catch(() => {});
}

/** To the chat page in one tab. */
export async function tellTab(tabId: number, event: TabEvent): Promise<void> {
  try {
    await browser.tabs.sendMessage(tabId, event);
  } catch {
    // Nothing there could hold what the event is about.
  }
}
