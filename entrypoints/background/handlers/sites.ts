/**
 * What a chat page may know about its own site (its two switches and the block mark: nothing
 * else), its health
 * reports, and the side panel's question "is the active tab's site working?".
 */
import { browser } from '#imports';
import { isExcluded } from '../../../lib/db/chats';
import { installMark } from '../../../lib/db/install-mark';
import { loadSettings } from '../../../lib/db/settings-store';
import { chatIdOf } from '../../../lib/memory/new-chat';
import type { TabHealth } from '../../../lib/page/site-health';
import { healthState } from '../../../lib/page/site-health';
import { siteForUrl } from '../../../lib/sites/ids';
import { now } from '../../../lib/time';
import { pageProject } from '../chat-space';
import type { HandlerGroup } from '../router';
import { getTab, updateTab } from '../tab-state';

export const siteHandlers: HandlerGroup<'site.config' | 'site.health' | 'tab.health'> = {
  'site.config': async (_req, ctx) => {
    const settings = await loadSettings();
    const { learn, inject } = settings.sites[ctx.site];
    return { learn, inject, mark: await installMark(ctx.site), language: settings.language };
  },
  'site.health': async (report, ctx) => {
    const project = pageProject(ctx.site, report.project);
    await updateTab(
      ctx.tabId,
      { site: ctx.site, url: report.url },
      {
        conversationId: report.conversationId,
        health: report,
        healthAt: now(),
        ...(project === undefined ? {} : { project }),
      },
    );
    return {};
  },
  'tab.health': async ({ tabId }) => tabHealth(tabId ?? (await activeTabId())),
};

async function activeTabId(): Promise<number | null> {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return tab?.id ?? null;
}

async function tabHealth(tabId: number | null): Promise<TabHealth> {
  const none: TabHealth = {
    tabId,
    site: null,
    state: 'not_connected',
    conversationId: null,
    chatId: null,
    excluded: false,
    matched: null,
    turns: 0,
    at: null,
  };
  if (tabId === null) return none;
  const record = await getTab(tabId);
  if (!record?.health) {
    const url = await browser.tabs.get(tabId).then(
      (t) => t.url ?? '',
      () => '',
    );
    const site = siteForUrl(url);
    return site ? { ...none, site, state: 'not_connected' } : none;
  }
  const { health, site } = record;
  const chatId = health.conversationId ? chatIdOf(site, health.conversationId) : null;
  return {
    ...none,
    site,
    state: healthState(health),
    conversationId: health.conversationId,
    chatId,
    excluded: chatId ? await isExcluded(chatId) : false,
    matched: health.matched,
    turns: health.turns,
    draft: health.draft,
    problems: health.problems ?? [],
    at: record.healthAt,
  };
}
