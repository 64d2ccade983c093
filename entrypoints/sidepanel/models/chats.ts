/**
 * The Chats view's state: the list (newest first, filtered by site and date), the search and
 * its results, the chat opened, and what the user does to it. Everything is asked of the
 * background (`history.*`), which alone reads the index.
 */
import { signal } from '@preact/signals';
import { chatFileName, chatMarkdown } from '../../../lib/history/markdown';
import type { HistoryChatSummary, HistoryResult } from '../../../lib/history/schemas';
import { t } from '../../../lib/i18n';
import type { Chat } from '../../../lib/memory/types';
import { send } from '../../../lib/protocol/panel-send';
import { isSiteId, SITE_LABELS, type SiteId } from '../../../lib/sites/ids';
import { fail, messageOf, say } from './notice';

export const query = signal('');
export const siteFilter = signal<SiteId | ''>('');
/** `''`: any space; `none`: chats in no space; `s:<id>`: that space's. */
export const spaceFilter = signal('');
/** `YYYY-MM-DD` or empty. */
export const fromDate = signal('');
export const toDate = signal('');
export const items = signal<readonly HistoryChatSummary[]>([]);
export const total = signal(0);
export const results = signal<readonly HistoryResult[] | null>(null);
export const resultTotal = signal(0);
export const pending = signal(0);
export const loaded = signal(false);
export const opened = signal<Chat | null>(null);
/** The row the arrow keys are on. */
/** The row the arrow keys moved to; -1 until they are used, so no row is marked unasked. */
export const active = signal(-1);

const PAGE = 200;
let searchSeq = 0;

export function filters() {
  const from = fromDate.value ? Date.parse(`${fromDate.value}T00:00:00Z`) : undefined;
  const to = toDate.value ? Date.parse(`${toDate.value}T23:59:59.999Z`) : undefined;
  const space = spaceFilter.value;
  return {
    ...(siteFilter.value ? { sites: [siteFilter.value] } : {}),
    ...(space ? { space: space.startsWith('s:') ? space.slice(2) : null } : {}),
    from,
    to,
  };
}

/** The list again from the top (a filter changed, a chat was deleted or imported). */
export async function refreshList(): Promise<void> {
  try {
    const res = await send('history.list', { offset: 0, limit: PAGE, ...filters() });
    items.value = res.items;
    total.value = res.total;
    pending.value = res.pending;
    loaded.value = true;
  } catch (error) {
    fail(messageOf(error));
  }
}

/** The next page, when the list is scrolled near its end. */
let loadingMore = false;

export async function loadMore(): Promise<void> {
  if (loadingMore || items.value.length >= total.value) return;
  loadingMore = true;
  try {
    const res = await send('history.list', { offset: items.value.length, limit: PAGE, ...filters() });
    items.value = [...items.value, ...res.items];
  } catch (error) {
    fail(messageOf(error));
  } finally {
    loadingMore = false;
  }
}

export async function runSearch(): Promise<void> {
  const seq = ++searchSeq;
  const text = query.value.trim();
  active.value = -1;
  if (text === '') {
    results.value = null;
    return;
  }
  try {
    const res = await send('history.search', { query: text, limit: 50, ...filters() });
    if (seq !== searchSeq) return;
    results.value = res.results;
    resultTotal.value = res.total;
    pending.value = res.pending;
  } catch (error) {
    fail(messageOf(error));
  }
}

export function refresh(): Promise<void> {
  return query.value.trim() ? runSearch() : refreshList();
}

export async function openChat(id: string): Promise<void> {
  try {
    opened.value = await send('chats.get', { id });
  } catch (error) {
    fail(messageOf(error));
  }
}

export function closeChat(): void {
  opened.value = null;
}

export async function deleteOpened(): Promise<void> {
  const chat = opened.value;
  if (!chat) return;
  try {
    await send('history.delete', { ids: [chat.id] });
    opened.value = null;
    say(t('chats.deleted'));
    await refresh();
  } catch (error) {
    fail(messageOf(error));
  }
}

export async function forgetOpened(): Promise<void> {
  const chat = opened.value;
  if (!chat) return;
  try {
    await send('chat.exclude', { site: chat.site, conversationId: chat.conversationId, url: chat.url });
    opened.value = null;
    say(t('chats.forgotten'));
    await refresh();
  } catch (error) {
    fail(messageOf(error));
  }
}

export async function extractOpened(): Promise<void> {
  const chat = opened.value;
  if (!chat) return;
  try {
    say((await send('queue.extractNow', { chatId: chat.id })).message);
  } catch (error) {
    fail(messageOf(error));
  }
}

function markdownOf(chat: Chat): string {
  const site = isSiteId(chat.site) ? SITE_LABELS[chat.site] : chat.site;
  return chatMarkdown(chat, { you: t('chats.you'), assistant: t('chats.assistant'), site });
}

export async function copyOpened(): Promise<void> {
  const chat = opened.value;
  if (!chat) return;
  try {
    await navigator.clipboard.writeText(markdownOf(chat));
    say(t('chats.copied'));
  } catch (error) {
    fail(messageOf(error));
  }
}

export function exportOpened(): void {
  const chat = opened.value;
  if (!chat) return;
  const url = URL.createObjectURL(new Blob([markdownOf(chat)], { type: 'text/markdown' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = chatFileName(chat);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
