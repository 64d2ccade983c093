/**
 * The side panel's views of the ranker: search as you type over every scope, and a
 * preview of what a draft would inject on a site, at that site's budget, with memories the
 * user unticked left out. Neither records anything.
 */

import { browser } from '#imports';
import { installMark } from '../../../lib/db/install-mark';
import { warmIndex } from '../../../lib/db/memory-index-source';
import { loadSettings } from '../../../lib/db/settings-store';
import { listSpaces } from '../../../lib/db/spaces';
import { excerptKey } from '../../../lib/history/excerpts';
import { ANY_SPACE, chatSpace, filterOf, reachOf } from '../../../lib/memory/spaces';
import { LOOKUP_INTENT } from '../../../lib/ranking/intent';
import type { RankedMemory } from '../../../lib/ranking/ranked';
import { lineTokens } from '../../../lib/ranking/render';
import { selectForInjection } from '../../../lib/ranking/select';
import { wordsSharedWith } from '../../../lib/ranking/shared-words';
import { type SiteId, siteForUrl } from '../../../lib/sites/ids';
import { nowMs } from '../../../lib/time';
import { composeBlock } from '../block/compose';
import { pastChatUses } from '../block/records';
import { spaceOfTab } from '../chat-space';
import { judgmentFor } from '../request-keywords';
import type { HandlerGroup } from '../router';
import { getTab } from '../tab-state';

function scored(r: RankedMemory & { tokens?: number }) {
  return {
    memory: r.memory,
    score: r.score,
    parts: r.parts,
    conflictsWith: r.conflictsWith ?? null,
    tokens: r.tokens ?? lineTokens(r.memory),
  };
}

/** The chat tab's address, when it shows a page of `site` (another site's tab lends nothing). */
async function tabUrl(tabId: number | undefined, site: SiteId): Promise<string | null> {
  if (tabId === undefined) return null;
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return tab?.url && siteForUrl(tab.url) === site ? tab.url : null;
}

/**
 * The space the preview ranks for, as injection would: the tab's chat's space, or for a site
 * with no tab named, a new chat there (its default space, or none).
 */
async function previewSpace(tabId: number | undefined, site: SiteId, url: string | null) {
  if (tabId !== undefined && url) return (await spaceOfTab({ tabId, site, url })).filter;
  const spaces = await listSpaces();
  return filterOf(reachOf(chatSpace({ site }, spaces).space, spaces, nowMs()));
}

type Selection = ReturnType<typeof selectForInjection>;

function changedBy(list: string[], withKeywords: Selection, without: Selection) {
  const ids = (s: Selection) => new Set(s.items.map((r) => r.memory.id));
  const a = ids(withKeywords);
  const b = ids(without);
  return { list, added: [...a].filter((id) => !b.has(id)), dropped: [...b].filter((id) => !a.has(id)) };
}

export const searchHandlers: HandlerGroup<'memories.search' | 'inject.preview'> = {
  'memories.search': async ({ query, limit }) => {
    const index = await warmIndex();
    const ranked = index.rank(query, {
      site: null,
      anyScope: true,
      spaces: ANY_SPACE,
      now: nowMs(),
      limit: limit ?? 50,
      intent: LOOKUP_INTENT,
    });
    // A search lists what matches the words: pinned or intent-only candidates stay out.
    return { results: ranked.filter((r) => r.parts.text > 0).map(scored) };
  },
  'inject.preview': async ({ site, draft, exclude, tabId }) => {
    const settings = await loadSettings();
    const budgetTokens = settings.sites[site].budgetTokens;
    const url = await tabUrl(tabId, site);
    const spaces = await previewSpace(tabId, site, url);
    // The model's keywords and picks for this tab's draft, as the send would use them.
    const judged = tabId !== undefined && url ? judgmentFor(tabId, site, url, draft, settings) : null;
    const list = judged?.keywords ?? [];
    const tab = tabId === undefined ? null : await getTab(tabId);
    const selection = await composeBlock({
      site,
      draft,
      settings,
      spaces,
      exclude,
      requestKeywords: list,
      picks: judged?.picks ?? null,
      conversationId: tab?.site === site ? tab.conversationId : null,
      url: tab?.site === site ? tab.url : '',
    });
    // What the keywords changed: the memories the same draft gets without them (and without excerpts).
    const without = async () => {
      const opts = {
        site,
        now: nowMs(),
        budgetTokens,
        exclude,
        mark: await installMark(site),
        spaces,
        privacyPatterns: settings.privacyPatterns,
      };
      return selectForInjection(await warmIndex(), draft, opts);
    };
    const changed = list.length > 0 || selection.picked.memories > 0;
    const keywords = changed ? changedBy(list, selection, await without()) : undefined;
    const shared = wordsSharedWith(draft);
    return {
      intent: selection.intent,
      block: selection.block,
      tokens: selection.tokens,
      budgetTokens,
      items: selection.items.map((r) => ({ ...scored(r), shared: shared(r.memory.content) })),
      pastChats: pastChatUses(selection.excerpts).map((u, i) => ({
        ...u,
        url: selection.excerpts[i]!.url,
        date: selection.excerpts[i]!.date,
        text: selection.excerpts[i]!.text,
        key: excerptKey(selection.excerpts[i]!),
      })),
      ...(keywords ? { keywords } : {}),
    };
  },
};
