/**
 * The active tab as the panel sees it: which site, whether the site adapter is working, the
 * chat's "don't remember" state, and the live injection preview for its draft. Health and
 * chat state come from the background (`tab.health`, `chat.*`), which hears from the page.
 */
import { signal } from '@preact/signals';
import { browser } from '#imports';
import type { ReadingProblem } from '../../../lib/page/reading-problems';
import type { PanelHealth } from '../../../lib/page/site-health';
import { send } from '../../../lib/protocol/panel-send';
import { type SiteId, siteForUrl } from '../../../lib/sites/ids';
import { loadTabSpace } from './chat-space';

export interface ActiveTab {
  tabId: number;
  url: string;
  title: string;
  site: SiteId | null;
}

export interface ChatState {
  available: boolean;
  chatId: string | null;
  excluded: boolean;
}

export const activeTab = signal<ActiveTab | null>(null);
export const health = signal<PanelHealth>('checking');
/** What reads wrong on the page, when `health` is `reading_problems`. */
export const problems = signal<readonly ReadingProblem[]>([]);
export const chatState = signal<ChatState>({ available: false, chatId: null, excluded: false });
export const draft = signal('');
/** True once the user typed in the panel's draft box: the page's draft no longer overwrites it. */
const draftTyped = signal(false);
export const excludedIds = signal<ReadonlySet<string>>(new Set());
/**
 * Counts the user's settings of the chat switch: a status asked before the latest one is
 * stale and must not show the switch as it was.
 */
let exclusionSet = 0;
/**
 * A page that is loading or just loaded has not met claude-mem yet: until this time its
 * "not connected" reads as "checking…", not as a reason to reload a page that is connecting.
 */
let connectingUntil = 0;
const CONNECT_GRACE_MS = 8000;

function connecting(): void {
  connectingUntil = Date.now() + CONNECT_GRACE_MS;
}

/** The health to show: "not connected" only once the page had its time to connect. */
function shown(state: PanelHealth): PanelHealth {
  return state === 'not_connected' && Date.now() < connectingUntil ? 'checking' : state;
}

/**
 * The tab the panel is about: the active tab of its window. When the panel itself is that tab
 * (Firefox "open sidebar in tab", or a test), the tab the user was on just before.
 */
async function pickTab() {
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  const own = browser.runtime.getURL('/');
  // A tab whose URL the extension may not read (its own page opened as a tab shows none) is
  // not a chat page: fall back to the last one used.
  if (active?.url && !active.url.startsWith(own)) return active;
  const others = (await browser.tabs.query({ currentWindow: true }))
    .filter((t) => t.url && !t.url.startsWith(own))
    .sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return others[0];
}

async function readActiveTab(): Promise<void> {
  const tab = await pickTab();
  if (tab?.status === 'loading') connecting();
  const next: ActiveTab | null =
    tab?.id === undefined
      ? null
      : { tabId: tab.id, url: tab.url ?? '', title: tab.title ?? '', site: siteForUrl(tab.url ?? '') };
  if (next?.tabId !== activeTab.value?.tabId || next?.url !== activeTab.value?.url) {
    draft.value = '';
    draftTyped.value = false;
    excludedIds.value = new Set();
    health.value = 'checking';
    connecting();
    if (next?.site) void send('tab.exclude', { tabId: next.tabId, ids: [] }).catch(() => {});
  }
  activeTab.value = next;
}

export async function checkHealth(): Promise<void> {
  const tab = activeTab.value;
  if (!tab?.site) return;
  try {
    const reply = await send('tab.health', { tabId: tab.tabId });
    health.value = shown(reply.state);
    problems.value = reply.problems ?? [];
    if (reply.draft !== undefined && !draftTyped.value) draft.value = reply.draft;
  } catch {
    health.value = shown('not_connected');
  }
  // The page's project and the chat's id arrive with its reports: the space is asked again too.
  void loadTabSpace(tab.tabId);
  const asked = exclusionSet;
  const chat = await send('chat.status', { tabId: tab.tabId }).catch(() => null);
  if (asked !== exclusionSet) return;
  chatState.value = chat
    ? { available: chat.chatId !== null, chatId: chat.chatId, excluded: chat.excluded }
    : { available: false, chatId: null, excluded: false };
}

export async function setChatExcluded(excluded: boolean): Promise<boolean> {
  const tab = activeTab.value;
  if (!tab) return false;
  const asked = ++exclusionSet;
  const reply = await send(excluded ? 'chat.exclude' : 'chat.include', { tabId: tab.tabId });
  if (asked === exclusionSet) {
    chatState.value = { available: reply.chatId !== null, chatId: reply.chatId, excluded: reply.excluded };
  }
  return reply.chatId !== null;
}

/** "Extract now" for the chat this tab shows: it is finished and queued at once. */
export async function extractThisChat(): Promise<string> {
  const { chatId } = chatState.value;
  if (!chatId) throw new Error('this tab shows no conversation yet');
  return (await send('queue.extractNow', { chatId })).message;
}

export function typeDraft(text: string): void {
  draft.value = text;
  draftTyped.value = true;
}

export function toggleExcluded(id: string): void {
  const next = new Set(excludedIds.value);
  if (!next.delete(id)) next.add(id);
  excludedIds.value = next;
  // The switch acts on the real injection, not only on this preview.
  const tab = activeTab.value;
  if (tab?.site) void send('tab.exclude', { tabId: tab.tabId, ids: [...next] }).catch(() => {});
}

/** Follows tab switches and navigations; polls the adapter while the view is open. */
export function startThisTab(isVisible: () => boolean): () => void {
  const refresh = () =>
    void readActiveTab()
      .then(checkHealth)
      .catch(() => {});
  const onUpdated = (id: number, info: { url?: string; status?: string }) => {
    if (info.status && id === activeTab.value?.tabId) connecting();
    if (info.url || info.status === 'complete') refresh();
  };
  browser.tabs.onActivated.addListener(refresh);
  browser.tabs.onUpdated.addListener(onUpdated);
  refresh();
  const timer = setInterval(() => {
    if (isVisible() && document.visibilityState === 'visible') void checkHealth();
  }, 1500);
  return () => {
    clearInterval(timer);
    browser.tabs.onActivated.removeListener(refresh);
    browser.tabs.onUpdated.removeListener(onUpdated);
  };
}
