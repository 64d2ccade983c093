/**
 * The last injection recorded per tab, for a follow-up message that carries no chat id (a new
 * chat whose URL has no id yet). In memory only: after a worker restart the chat id, looked up
 * in the audit log, is the way back.
 */
import type { SiteId } from '../../../lib/sites/ids';

const byTab = new Map<string, string>();

function key(site: SiteId, tabId: number): string {
  return `${site}:${tabId}`;
}

export function rememberInjection(site: SiteId, tabId: number, injectionId: string): void {
  byTab.set(key(site, tabId), injectionId);
}

export function lastInjectionOfTab(site: SiteId, tabId: number): string | null {
  return byTab.get(key(site, tabId)) ?? null;
}
