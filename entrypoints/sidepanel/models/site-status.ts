/**
 * Side panel state for "this tab": is its chat site working (composer and messages found), and
 * is its conversation kept out of memory. Polled while the panel is open: the page reports
 * health to the background, not to the panel.
 */
import { signal } from '@preact/signals';
import { browser } from '#imports';
import type { TabHealth } from '../../../lib/messages';
import { send } from '../../../lib/send';

export const tabHealth = signal<TabHealth | null>(null);
const POLL_MS = 2000;

/** The tab the panel describes: `?tab=<id>` pins one (a panel opened as a tab), else the active tab. */
async function targetTab(): Promise<number | undefined> {
  const pinned = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(pinned) && pinned > 0) return pinned;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

export async function refreshTabHealth(): Promise<void> {
  try {
    const tabId = await targetTab();
    tabHealth.value = await send('tab.health', tabId === undefined ? {} : { tabId });
  } catch {
    tabHealth.value = null;
  }
}

export function startSiteStatusModel(): () => void {
  void refreshTabHealth();
  const timer = setInterval(() => void refreshTabHealth(), POLL_MS);
  const onActivated = () => void refreshTabHealth();
  browser.tabs.onActivated.addListener(onActivated);
  return () => {
    clearInterval(timer);
    browser.tabs.onActivated.removeListener(onActivated);
  };
}

export async function setExcluded(excluded: boolean): Promise<void> {
  const h = tabHealth.value;
  if (!h?.site || !h.conversationId) return;
  await send(excluded ? 'chat.exclude' : 'chat.include', { site: h.site, conversationId: h.conversationId });
  await refreshTabHealth();
}
