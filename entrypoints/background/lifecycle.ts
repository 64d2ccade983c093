/**
 * When a chat is finished (DESIGN.md §1.2): idle for the configured minutes (an alarm sweeps),
 * its tab closed, or its tab moved to another conversation. Finished chats are queued for
 * extraction by `finishChat`; every path is idempotent, so overlapping signals are harmless.
 */

import { browser } from '#imports';
import { adapterForUrl } from '../../lib/adapters';
import { finishChat, idleOpenChats } from '../../lib/db/chats';
import { loadSettings } from '../../lib/db/settings-store';
import { chatIdOf } from '../../lib/memory/new-chat';
import { nowMs } from '../../lib/time';
import { forgetTab } from './request-keywords';
import { dropTab, getTab, updateTab } from './tab-state';

const IDLE_ALARM = 'claude-mem.idle-chats';
/** Chrome's shortest alarm period; idle times shorter than this are swept at this pace. */
const SWEEP_MINUTES = 0.5;

export async function sweepIdleChats(): Promise<number> {
  const { idleMinutes } = await loadSettings();
  const cutoff = new Date(nowMs() - idleMinutes * 60_000).toISOString();
  let queued = 0;
  for (const chat of await idleOpenChats(cutoff)) if (await finishChat(chat.id)) queued++;
  return queued;
}

export async function onTabClosed(tabId: number): Promise<void> {
  forgetTab(tabId);
  const record = await getTab(tabId);
  await dropTab(tabId);
  if (record?.conversationId) await finishChat(chatIdOf(record.site, record.conversationId));
}

/** A full navigation (or one the page did not report) away from the tab's conversation. */
export async function onTabNavigated(tabId: number, url: string): Promise<void> {
  const record = await getTab(tabId);
  if (!record?.conversationId) return;
  const adapter = adapterForUrl(url);
  const next = adapter ? adapter.conversationId(new URL(url)) : null;
  if (adapter?.id === record.site && next === record.conversationId) return;
  await finishChat(chatIdOf(record.site, record.conversationId));
  if (adapter)
    await updateTab(
      tabId,
      { site: adapter.id, url },
      { conversationId: next, left: record.conversationId, health: null },
    );
  else await dropTab(tabId);
}

export function startChatLifecycle(): void {
  browser.tabs.onRemoved.addListener((tabId) => void onTabClosed(tabId).catch(() => {}));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url) void onTabNavigated(tabId, change.url).catch(() => {});
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === IDLE_ALARM) void sweepIdleChats().catch(() => {});
  });
  // Re-creating an alarm restarts its period; a worker woken more often would never sweep.
  void browser.alarms.get(IDLE_ALARM).then((existing) => {
    if (!existing) void browser.alarms.create(IDLE_ALARM, { periodInMinutes: SWEEP_MINUTES });
  });
  void sweepIdleChats().catch(() => {});
}
