/**
 * Building the memory block for a draft (from a content script) and recording it once sent.
 * The site always comes from the sender, never from the payload: a page cannot ask for
 * another site's memories. The audit record keeps each memory's score parts.
 */

import { browser } from '#imports';
import { takeHandout } from '../../../lib/db/block-handouts';
import { addInjection } from '../../../lib/db/injections';
import { installMark } from '../../../lib/db/install-mark';
import { recordHits } from '../../../lib/db/memories';
import { warmIndex } from '../../../lib/db/memory-index-source';
import { countPastChatUses } from '../../../lib/db/past-chat-uses';
import { pastChatsFor } from '../../../lib/db/past-chats';
import { loadSettings } from '../../../lib/db/settings-store';
import { MessageError } from '../../../lib/protocol/define';
import type { RenderableExcerpt } from '../../../lib/ranking/render';
import { excerptSearch, selectJudged } from '../../../lib/request-keywords/judged-selection';
import { siteForUrl } from '../../../lib/sites/ids';
import { now, nowMs } from '../../../lib/time';
import { filterKey, pageProject, spaceOfTab } from '../chat-space';
import { keepPrepared, markMissed, type PreparedBlock, takePrepared } from '../prepared-blocks';
import { tellStale } from '../prepared-stale';
import { draftPaused, judgmentFor } from '../request-keywords';
import type { HandlerGroup } from '../router';
import { getTab, updateTab } from '../tab-state';
import { keepWarmed, takeWarmed } from '../warmed-blocks';
import { rememberInjection } from './last-injection';

const NOTHING = { block: null, token: null, memoryIds: [], tokens: 0 };

/** What Activity keeps of an excerpt: the chat, its title, why (never the excerpt's text). */
export function pastChatUses(excerpts: readonly RenderableExcerpt[]) {
  return excerpts.map((e) => ({
    chatId: e.chatId,
    site: e.site,
    title: e.title.slice(0, 500),
    why: e.why,
    coverage: e.coverage,
  }));
}

function injectionRow(token: string, p: PreparedBlock, chatId: string | null, carried: boolean | null) {
  return {
    id: token,
    at: now(),
    site: p.site,
    chatId,
    url: p.url,
    query: p.query,
    tokens: p.tokens,
    items: p.items,
    feedback: null,
    ...(p.space ? { space: p.space } : {}),
    ...(p.pastChats?.length ? { pastChats: p.pastChats } : {}),
    ...(carried === null ? {} : { miss: { reason: 'not ready in time' as const, carried } }),
  };
}

export const injectionHandlers: HandlerGroup<'inject.prepare' | 'inject.record' | 'inject.missed' | 'tab.exclude'> = {
  /** The side panel's per-memory switch: these stay out of this tab's injections. */
  'tab.exclude': async ({ tabId, ids }) => {
    const tab = await browser.tabs.get(tabId).catch(() => null);
    const site = siteForUrl(tab?.url ?? '');
    if (!tab?.url || !site) throw new MessageError('bad_request', `tab ${tabId} is not a supported chat page`);
    await updateTab(tabId, { site, url: tab.url }, { excluded: [...new Set(ids)] });
    // Answered once the page has dropped the block it held: the user's next send is without them.
    await tellStale(tabId);
    return { excluded: ids.length };
  },
  'inject.prepare': async ({ draft, use, learn, project }, ctx) => {
    if (ctx.kind !== 'content') throw new Error('inject.prepare is for chat pages');
    const named = pageProject(ctx.site, project);
    const settings = await loadSettings();
    const site = settings.sites[ctx.site];
    if (site.inject === 'off' || draft.trim() === '') return NOTHING;
    if (use === 'warm')
      draftPaused({ tabId: ctx.tabId, site: ctx.site, url: ctx.url, draft, learn: learn === true, project: named });
    // The chat's space decides which memories it may get; a block chosen for another space is not reused.
    const space = await spaceOfTab({ tabId: ctx.tabId, site: ctx.site, url: ctx.url, project: named });
    const { tab } = space;
    // The model's keywords and picks, if its answer came in time; a block chosen ahead with another answer is not reused.
    const judged = judgmentFor(ctx.tabId, ctx.site, ctx.url, draft, settings);
    const reach = `${filterKey(space.filter)}|${judged.stamp}`;
    const { keywords: requestKeywords } = judged;
    const selection =
      (use === 'warm' ? null : takeWarmed(ctx.tabId, draft, reach)) ??
      selectJudged(
        await warmIndex(),
        draft,
        {
          site: ctx.site,
          now: nowMs(),
          budgetTokens: site.budgetTokens,
          exclude: tab?.excluded ?? [],
          mark: await installMark(ctx.site),
          requestKeywords,
          spaces: space.filter,
          excerpts: await pastChatsFor(settings, {
            site: ctx.site,
            conversationId: tab?.conversationId ?? null,
            url: ctx.url,
            draft,
            requestKeywords,
            skip: tab?.excluded,
            now: nowMs(),
            spaces: space.filter,
            ...excerptSearch(judged.picks),
          }),
        },
        judged.picks,
      );
    // Typing ahead: the block is chosen and kept here, and nothing leaves for the page yet.
    if (use === 'warm') {
      keepWarmed(ctx.tabId, draft, reach, selection);
      return NOTHING;
    }
    if (!selection.block) return NOTHING;
    // Each block handed to a page counts against its tab's and site's hourly bound.
    if (!(await takeHandout(ctx.site, ctx.tabId, nowMs()))) return NOTHING;
    const token = crypto.randomUUID();
    // A private window's block is never recorded (lib/protocol/private-window.ts): nothing of
    // its draft is kept for a record that cannot come.
    if (!ctx.private)
      await keepPrepared(token, {
        site: ctx.site,
        url: ctx.url,
        // A chat the user asked not to remember: Activity records the block, not the words.
        query: learn === false ? '' : draft.slice(0, 500),
        tokens: selection.tokens,
        items: selection.items.map((r) => ({ memoryId: r.memory.id, score: r.score, parts: r.parts })),
        pastChats: pastChatUses(selection.excerpts),
        at: nowMs(),
        ...(space.space ? { space: space.space } : {}),
      });
    return {
      block: selection.block,
      token,
      memoryIds: selection.items.map((r) => r.memory.id),
      tokens: selection.tokens,
    };
  },
  /**
   * The page's first message went out without this block because it was not ready in time:
   * Activity shows the miss now; if the conversation's next message carries the block,
   * inject.record turns the same entry into a late injection.
   */
  'inject.missed': async ({ token }, ctx) => {
    if (ctx.kind !== 'content') throw new Error('inject.missed is for chat pages');
    const p = await markMissed(token, ctx.site);
    if (!p) return { recorded: false };
    await addInjection(injectionRow(token, p, null, false));
    return { recorded: true };
  },
  'inject.record': async ({ token, chatId }, ctx) => {
    if (ctx.kind !== 'content') throw new Error('inject.record is for chat pages');
    const p = await takePrepared(token, ctx.site);
    // Unknown token (never handed out, another site's, expired, or already recorded): nothing to record.
    if (!p) return { recorded: false };
    const row = injectionRow(token, p, chatId ?? null, p.missed ? true : null);
    await recordHits(
      p.items.map((r) => r.memoryId),
      row.at,
    );
    await addInjection(row);
    await countPastChatUses((p.pastChats ?? []).map((u) => u.chatId));
    rememberInjection(ctx.site, ctx.tabId, token);
    return { recorded: true };
  },
};
