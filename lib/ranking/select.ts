/**
 * Choosing what goes into one injection: rank, keep the confident part of the
 * ranking, cut to the token budget with whole memories only, render. Shared by the chat
 * page's `inject.prepare`, the side panel's `inject.preview` and the token benchmark, so all
 * three see the same block.
 */
import type { SiteId } from '../sites';
import { detectIntent, type IntentKind } from './intent';
import type { RankedMemory } from './ranked';
import { fitToBudget, lineTokens, renderBlock } from './render';
import type { MemoryIndex } from './retrieve';
import { estimateTokens } from './tokens';

/** A block is context, not a dump: past this many memories the tail is rarely what matters. */
const MAX_INJECTED = 12;
/** Memories scoring under this share of the best one are too weak a match to inject. */
const MIN_RELATIVE_SCORE = 0.3;
const CANDIDATES = 50;

export interface SelectOptions {
  site: SiteId | null;
  now: number;
  budgetTokens: number;
  exclude?: Iterable<string>;
}

export interface SelectedMemory extends RankedMemory {
  tokens: number;
}

export interface Selection {
  intent: IntentKind;
  items: SelectedMemory[];
  block: string | null;
  tokens: number;
}

export function selectForInjection(index: MemoryIndex, draft: string, opts: SelectOptions): Selection {
  const intent = detectIntent(draft);
  const ranked = index.rank(draft, {
    site: opts.site,
    now: opts.now,
    limit: CANDIDATES,
    exclude: opts.exclude,
    intent,
  });
  const top = ranked[0]?.score ?? 0;
  const confident = ranked.filter((r) => r.memory.pinned || r.score >= top * MIN_RELATIVE_SCORE);
  const chosen = fitToBudget(confident.slice(0, MAX_INJECTED), opts.budgetTokens);
  const items = chosen.map((r) => ({ ...r, tokens: lineTokens(r.memory) }));
  if (items.length === 0) return { intent: intent.kind, items, block: null, tokens: 0 };
  const block = renderBlock(items.map((r) => r.memory));
  return { intent: intent.kind, items, block, tokens: estimateTokens(block) };
}
