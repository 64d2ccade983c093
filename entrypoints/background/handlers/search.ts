/**
 * The side panel's views of the ranker: search as you type over every scope, and a
 * preview of what a draft would inject on a site, at that site's budget, with memories the
 * user unticked left out. Neither records anything.
 */
import { warmIndex } from '../../../lib/db/memory-index-source';
import { installMark } from '../../../lib/ranking/install-mark';
import { LOOKUP_INTENT } from '../../../lib/ranking/intent';
import type { RankedMemory } from '../../../lib/ranking/ranked';
import { lineTokens } from '../../../lib/ranking/render';
import { selectForInjection } from '../../../lib/ranking/select';
import { loadSettings } from '../../../lib/settings/store';
import { nowMs } from '../../../lib/time';
import type { HandlerGroup } from '../router';

function scored(r: RankedMemory & { tokens?: number }) {
  return {
    memory: r.memory,
    score: r.score,
    parts: r.parts,
    conflictsWith: r.conflictsWith ?? null,
    tokens: r.tokens ?? lineTokens(r.memory),
  };
}

export const searchHandlers: HandlerGroup<'memories.search' | 'inject.preview'> = {
  'memories.search': async ({ query, limit }) => {
    const index = await warmIndex();
    const ranked = index.rank(query, {
      site: null,
      anyScope: true,
      now: nowMs(),
      limit: limit ?? 50,
      intent: LOOKUP_INTENT,
    });
    // A search lists what matches the words: pinned or intent-only candidates stay out.
    return { results: ranked.filter((r) => r.parts.text > 0).map(scored) };
  },
  'inject.preview': async ({ site, draft, exclude }) => {
    const budgetTokens = (await loadSettings()).sites[site].budgetTokens;
    const mark = await installMark(site);
    const selection = selectForInjection(await warmIndex(), draft, { site, now: nowMs(), budgetTokens, exclude, mark });
    return {
      intent: selection.intent,
      block: selection.block,
      tokens: selection.tokens,
      budgetTokens,
      items: selection.items.map(scored),
    };
  },
};
