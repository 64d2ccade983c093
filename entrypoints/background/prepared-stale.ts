/**
 * Every door through which a prepared block can go stale, watched where the data lives rather
 * than in each handler, so a new writer cannot forget it: any committed write to the memories
 * or the trusted values (settings) in the extension's databases, from this worker or another
 * extension context (Dexie's `storagemutated` also carries other contexts' commits); a settings save;
 * a tab's switched-off memories; and a worker start (whatever the old worker held is gone).
 * The chat tabs are told; each drops its block and prepares it again.
 */
import { Dexie } from 'dexie';
import { browser } from '#imports';
import { PREPARED_STALE } from '../../lib/content/stale';
import { onSettingsSaved } from '../../lib/db/settings-store';
import { ALL_SITE_MATCHES } from '../../lib/sites/ids';
import { dropWarmed } from './warmed-blocks';

/** Tables whose rows a block is built from: the memories, and the trusted values (settings). */
const BLOCK_SOURCES = /^idb:\/\/[^/]+\/(memories|trusted)\//;
const TAB_KEY = /^tab:(\d+)$/;

let everyTab = false;
const someTabs = new Set<number>();
let flushing: Promise<void> | null = null;

async function send(tabId: number): Promise<void> {
  try {
    await browser.tabs.sendMessage(tabId, { type: PREPARED_STALE });
  } catch {
    // A tab without the content script (not loaded yet, or closed): nothing it could hold.
  }
}

async function flush(): Promise<void> {
  const all = everyTab;
  const some = [...someTabs];
  everyTab = false;
  someTabs.clear();
  const ids = all ? await chatTabs() : some;
  await Promise.all(ids.map(send));
}

async function chatTabs(): Promise<number[]> {
  try {
    return (await browser.tabs.query({ url: [...ALL_SITE_MATCHES] })).flatMap((t) => t.id ?? []);
  } catch {
    return [];
  }
}

/** Tells one chat tab (or every one) that its prepared block is stale; several changes in a row go out once. */
export function tellStale(tabId?: number): Promise<void> {
  dropWarmed(tabId);
  if (tabId === undefined) everyTab = true;
  else someTabs.add(tabId);
  flushing ??= Promise.resolve().then(async () => {
    flushing = null;
    await flush();
  });
  return flushing;
}

function excludedOf(value: unknown): string {
  return JSON.stringify((value as { excluded?: unknown } | undefined)?.excluded ?? []);
}

export function wirePreparedStale(): void {
  Dexie.on('storagemutated', (parts) => {
    if (Object.keys(parts).some((part) => BLOCK_SOURCES.test(part))) void tellStale();
  });
  onSettingsSaved(() => void tellStale());
  browser.storage.onChanged.addListener((changes, area) => {
    for (const [key, change] of Object.entries(changes)) {
      const tab = area === 'session' ? TAB_KEY.exec(key) : null;
      // Health reports rewrite the same record often: only the switched-off memories matter.
      if (tab && excludedOf(change.oldValue) !== excludedOf(change.newValue)) void tellStale(Number(tab[1]));
    }
  });
  void tellStale();
}
