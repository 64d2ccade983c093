/**
 * What the background knows about each chat tab: its site, the conversation it shows and
 * its last health report. Kept in `storage.session` (extension pages only), because the
 * service worker may be stopped between a page's report and the tab closing.
 */
import { browser } from '#imports';
import type { ProjectKey, SpaceId } from '../../lib/memory/spaces';
import type { SiteHealthReport } from '../../lib/page/page-schemas';
import type { SiteId } from '../../lib/sites/ids';

export interface TabRecord {
  site: SiteId;
  conversationId: string | null;
  /** The conversation it showed before it moved to this one: the page's last reading of it may still come. */
  left?: string | null;
  url: string;
  health: SiteHealthReport | null;
  healthAt: string | null;
  /** Memories the user switched off for this tab's next injection (side panel, This tab). */
  excluded?: string[];
  /** The site project the page last said it is in (its adapter's reading of its address). */
  project?: ProjectKey | null;
  /**
   * The user's space choice in this tab (side panel, This tab; `space` null: "no space"), for
   * the conversation it showed then (`conversationId` null: a new chat, whose first capture
   * takes the choice; the tab keeps it for its new chats).
   */
  choice?: { site: SiteId; space: SpaceId | null; conversationId: string | null };
}

const key = (tabId: number) => `tab:${tabId}`;

export async function getTab(tabId: number): Promise<TabRecord | null> {
  const got = await browser.storage.session.get(key(tabId));
  return (got[key(tabId)] as TabRecord | undefined) ?? null;
}

export async function updateTab(
  tabId: number,
  base: Pick<TabRecord, 'site' | 'url'>,
  patch: Partial<TabRecord>,
): Promise<TabRecord> {
  const current = (await getTab(tabId)) ?? { ...base, conversationId: null, health: null, healthAt: null };
  const next: TabRecord = { ...current, ...base, ...patch };
  await browser.storage.session.set({ [key(tabId)]: next });
  return next;
}

export async function dropTab(tabId: number): Promise<void> {
  await browser.storage.session.remove(key(tabId));
}
