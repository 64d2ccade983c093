/**
 * Building the memory block for a draft (from a content script) and recording it once sent.
 * The site always comes from the sender, never from the payload: a page cannot ask for
 * another site's memories.
 */
import { addInjection } from '../../../lib/db/injections';
import { recordHits } from '../../../lib/db/memories';
import { warmIndex } from '../../../lib/db/memory-index-source';
import { estimateTokens, fitToBudget, renderBlock } from '../../../lib/memory/render';
import type { RankedMemory } from '../../../lib/memory/retrieve';
import { loadSettings } from '../../../lib/settings';
import { now, nowMs } from '../../../lib/time';
import type { HandlerGroup } from '../router';

interface Prepared {
  site: import('../../../lib/sites').SiteId;
  url: string;
  query: string;
  tokens: number;
  items: RankedMemory[];
  at: number;
}

/** Prepared blocks waiting for the page to say they were sent; kept briefly, in memory. */
const prepared = new Map<string, Prepared>();
const PREPARED_TTL_MS = 10 * 60_000;

function sweep(): void {
  for (const [token, p] of prepared) if (nowMs() - p.at > PREPARED_TTL_MS) prepared.delete(token);
}

export const injectionHandlers: HandlerGroup<'inject.prepare' | 'inject.record'> = {
  'inject.prepare': async ({ draft }, ctx) => {
    if (ctx.kind !== 'content') throw new Error('inject.prepare is for chat pages');
    const settings = await loadSettings();
    const site = settings.sites[ctx.site];
    if (!site.enabled || site.mode === 'off' || draft.trim() === '')
      return { block: null, token: null, memoryIds: [], tokens: 0 };
    const ranked = (await warmIndex()).rank(draft, { site: ctx.site, now: nowMs(), limit: 50 });
    const chosen = fitToBudget(ranked, site.budgetTokens);
    if (chosen.length === 0) return { block: null, token: null, memoryIds: [], tokens: 0 };
    const block = renderBlock(chosen.map((r) => r.memory));
    const tokens = estimateTokens(block);
    const token = crypto.randomUUID();
    sweep();
    prepared.set(token, {
      site: ctx.site,
      url: ctx.url,
      query: draft.slice(0, 500),
      tokens,
      items: chosen,
      at: nowMs(),
    });
    return { block, token, memoryIds: chosen.map((r) => r.memory.id), tokens };
  },
  'inject.record': async ({ token, chatId }, ctx) => {
    if (ctx.kind !== 'content') throw new Error('inject.record is for chat pages');
    const p = prepared.get(token);
    // Unknown token: the worker restarted or the page replays; nothing to record.
    if (!p || p.site !== ctx.site) return { recorded: false };
    prepared.delete(token);
    const at = now();
    await recordHits(
      p.items.map((r) => r.memory.id),
      at,
    );
    await addInjection({
      id: token,
      at,
      site: p.site,
      chatId: chatId ?? null,
      url: p.url,
      query: p.query,
      tokens: p.tokens,
      items: p.items.map((r) => ({ memoryId: r.memory.id, score: r.score, parts: r.parts })),
      feedback: null,
    });
    return { recorded: true };
  },
};
