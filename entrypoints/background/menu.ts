/**
 * The "Remember this" context menu: select text on any page, choose it, and the side panel
 * opens with a new memory prefilled for confirmation (nothing is stored until the user says so).
 */
import { browser } from '#imports';
import { loadSettings, onSettingsSaved } from '../../lib/db/settings-store';
import { takeTrusted, writeTrusted } from '../../lib/db/trusted';
import { detectLanguage, type Lang, translate } from '../../lib/i18n/dictionary';
import { PENDING_DRAFT_KEY, type PendingDraft, PendingDraftSchema } from '../../lib/memory/pending-draft';
import { MAX_MEMORY_CHARS } from '../../lib/memory/types';
import { broadcast } from '../../lib/protocol/broadcast';
import { DRAFT_WAITING_EVENT } from '../../lib/protocol/panel-events';
import { siteForUrl } from '../../lib/sites/ids';
import { now } from '../../lib/time';

const MENU_ID = 'claude-mem.remember';

type PanelApis = {
  sidePanel?: { open(o: { windowId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
};

async function menuLanguage(): Promise<Lang> {
  const pref = (await loadSettings()).language;
  return pref === 'auto' ? detectLanguage(globalThis.navigator?.language) : pref;
}

async function createMenu(): Promise<void> {
  const title = translate(await menuLanguage(), 'menu.rememberThis');
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_ID, title, contexts: ['selection'] });
}

/** Opens the panel first: Chrome and Firefox allow it only synchronously inside the click. */
function openPanel(windowId: number | undefined): void {
  const apis = browser as unknown as PanelApis;
  if (apis.sidePanel && windowId !== undefined) void apis.sidePanel.open({ windowId }).catch(() => {});
  else void apis.sidebarAction?.open().catch(() => {});
}

export interface MenuClick {
  selectionText?: string;
  pageUrl?: string;
}
export interface MenuTab {
  url?: string;
  title?: string;
  incognito?: boolean;
}

/**
 * The draft a "Remember this" click leaves for the panel. The selected text is the user's
 * explicit choice even in a private window, but nothing of a private page beyond it is kept:
 * no address, no title, no site.
 */
export function menuDraft(info: MenuClick, tab: MenuTab | undefined): PendingDraft | null {
  if (!info.selectionText) return null;
  const hidden = tab?.incognito === true;
  const url = hidden ? '' : (tab?.url ?? info.pageUrl ?? '');
  const draft = PendingDraftSchema.safeParse({
    text: info.selectionText.trim().slice(0, MAX_MEMORY_CHARS),
    url: url.slice(0, 2000),
    title: hidden ? '' : (tab?.title ?? '').slice(0, 500),
    site: siteForUrl(url),
    at: now(),
  });
  return draft.success ? draft.data : null;
}

export function installRememberMenu(): void {
  void createMenu().catch(() => {});
  onSettingsSaved(() => {
    void menuLanguage()
      .then((l) => browser.contextMenus.update(MENU_ID, { title: translate(l, 'menu.rememberThis') }))
      .catch(() => {});
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== MENU_ID || !info.selectionText) return;
    openPanel(tab?.windowId);
    const draft = menuDraft(info, tab);
    if (!draft) return;
    // The panel may already be open: tell it; one opening now asks at start-up.
    void writeTrusted(PENDING_DRAFT_KEY, draft)
      .then(() => broadcast({ type: DRAFT_WAITING_EVENT }))
      .catch(() => {});
  });
}

export async function takePendingDraft() {
  const parsed = PendingDraftSchema.safeParse(await takeTrusted(PENDING_DRAFT_KEY));
  return parsed.success ? parsed.data : null;
}
