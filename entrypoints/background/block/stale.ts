/**
 * Every door through which a prepared block can go stale, watched where the data lives rather
 * than in each handler, so a new writer cannot forget it: any committed write to the memories
 * or the trusted values (settings) in the extension's databases, from this worker or another
 * extension context (Dexie's `storagemutated` also carries other contexts' commits); a settings save;
 * a tab's switched-off memories; and a worker start (whatever the old worker held is gone).
 * The block session's invalidation (session.ts): the warmed blocks are dropped here, and the chat
 * tabs, in every window, are told (lib/protocol/tab-events.ts); each drops its block and
 * prepares it again.
 */
import { Dexie } from 'dexie';
import { browser } from '#imports';
import { onSettingsSaved } from '../../../lib/db/settings-store';
import { tellTab } from '../../../lib/protocol/broadcast';
import { PREPARED_STALE } from '../../../lib/protocol/tab-events';
import { ALL_SITE_MATCHES } from '../../../lib/sites/ids';
import { dropWarmed } from './warmed';

/** Tables whose rows a block is built from: the memories, the trusted values (settings), the spaces. */
const BLOCK_SOURCES = /^idb:\/\/[^/]+\/(memories|trusted|spaces)\//;
/** The spaces table: a change there may change which memories a chat may get. */
const REACH_SOURCES = /^idb:\/\/[^/]+\/spaces\//;
const TAB_KEY = /^tab:(\d+)$/;

/** Stale tabs, each with whether its chat's reach (space) may have changed. */
let everyTab: boolean | null = null;
const someTabs = new Map<number, boolean>();
let flushing: Promise<void> | null = null;

function send(tabId: number, reach: boolean): Promise<void> {
  return tellTab(tabId, reach ? { type: PREPARED_STALE, reach: true } : { type: PREPARED_STALE });
}

async function flush(): Promise<void> {
  const all = everyTab;
  const some = new Map(someTabs);
  everyTab = null;
  someTabs.clear();
  if (all !== null) for (const id of await chatTabs()) some.set(id, all || (some.get(id) ?? false));
  await Promise.all([...some].map(([id, reach]) => send(id, reach)));
}

async function chatTabs(): Promise<number[]> {
  try {
    return (await browser.tabs.query({ url: [...ALL_SITE_MATCHES] })).flatMap((t) => t.id ?? []);
  } catch {
    return [];
  }
}

/**
 * Tells one chat tab (or every one) that its prepared block is stale; several changes in a row
 * go out once. `reach`: the chat's space may have changed, so even a block that missed its
 * message and waits for the next one (carried late) is dropped.
 */
export function tellStale(tabId?: number, reach = false): Promise<void> {
  dropWarmed(tabId);
  if (tabId === undefined) everyTab = (everyTab ?? false) || reach;
  else someTabs.set(tabId, (someTabs.get(tabId) ?? false) || reach);
  flushing ??= Promise.resolve().then(async () => {
    flushing = null;
    await flush();
  });
  return flushing;
}

function excludedOf(value: unknown): string {
  return JSON.stringify((value as { excluded?: unknown } | undefined)?.excluded ?? []);
}

/** What of a tab's record decides its chat's space: the user's choice there, the page's project. */
function reachOf(value: unknown): string {
  const tab = value as { choice?: unknown; project?: unknown } | undefined;
  return JSON.stringify([tab?.choice ?? null, tab?.project ?? null]);
}

export function wirePreparedStale(): void {
  Dexie.on('storagemutated', (parts) => {
    const keys = Object.keys(parts);
    if (keys.some((part) => BLOCK_SOURCES.test(part)))
      void tellStale(
        undefined,
        keys.some((part) => REACH_SOURCES.test(part)),
      );
  });
  onSettingsSaved(() => void tellStale());
  browser.storage.onChanged.addListener((changes, area) => {
    for (const [key, change] of Object.entries(changes)) {
      const tab = area === 'session' ? TAB_KEY.exec(key) : null;
      if (!tab) continue;
      // Health reports rewrite the same record often: only the switched-off memories and the space's inputs matter.
      const reach = reachOf(change.oldValue) !== reachOf(change.newValue);
      if (reach || excludedOf(change.oldValue) !== excludedOf(change.newValue)) void tellStale(Number(tab[1]), reach);
    }
  });
  void tellStale();
}
