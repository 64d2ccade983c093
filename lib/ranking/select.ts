/**
 * Choosing what goes into one injection: rank, keep what is relevant, cut to the token budget
 * with whole memories only, render. Shared by the chat page's `inject.prepare`, the side
 * panel's `inject.preview` and the token benchmark, so all three see the same block.
 * Relevant means: a strong match (close to the best score), a pinned memory, a real but
 * weaker text match while the block has room, or — for an advice request — the profile slot,
 * the few memories about the user's circumstances that the request depends on.
 */
import type { SpaceFilter } from '../memory/spaces';
import type { PrivacyPattern } from '../settings/schema';
import type { SiteId } from '../sites/ids';
import { detectIntent, type IntentKind } from './intent';
import type { RankedMemory } from './ranked';
import { excerptTokens, fitToBudget, lineTokens, type RenderableExcerpt, renderBlock } from './render';
import type { MemoryIndex } from './retrieve';
import { estimateTokens } from './tokens';

/** A block is context, not a dump: past this many memories the tail is rarely what matters. */
const MAX_INJECTED = 12;
/** Memories scoring at least this share of the best one are strong matches. */
const MIN_RELATIVE_SCORE = 0.3;
/**
 * A weaker memory still goes in, after the strong ones and while there is room, when its own
 * text match is at least this share of the best text match: a real match, not a shared
 * common word.
 */
const MIN_TEXT_MATCH = 0.2;
/** At most this many memories of the profile slot, and only those an advice request needs. */
const PROFILE_SLOT = 4;
/** Profile part (weights.ts) a memory needs for the slot: the request's domain makes its kind matter (relevance over 0.5). */
const MIN_PROFILE_PART = 0.25;
const CANDIDATES = 50;

export interface SelectOptions {
  site: SiteId | null;
  now: number;
  budgetTokens: number;
  exclude?: Iterable<string>;
  /** This install's block mark (lib/db/install-mark.ts); a stand-in of the same size otherwise. */
  mark?: string;
  /** The model's search keywords for the draft, when they arrived in time (request-keywords.ts). */
  requestKeywords?: readonly string[];
  /** The spaces the chat may reach (lib/memory/spaces.ts filterOf); absent: Everywhere's only. */
  spaces?: SpaceFilter;
  /**
   * Excerpts of past chats found for the draft (lib/db/past-chats.ts), best first: they take
   * up to half the budget, in their own marked part, and the memories fill the rest.
   */
  excerpts?: readonly RenderableExcerpt[];
  /** The user's privacy patterns: every field of the block goes through them (and the built-in ones). */
  privacyPatterns: readonly PrivacyPattern[];
}

export interface SelectedMemory extends RankedMemory {
  tokens: number;
}

export interface Selection {
  intent: IntentKind;
  items: SelectedMemory[];
  /** The past chats' excerpts that fit, in the block's own part for them. */
  excerpts: RenderableExcerpt[];
  block: string | null;
  tokens: number;
}

/** Share of the budget the excerpts may take at most: memories are the block's first job. */
const EXCERPT_SHARE = 0.5;

function fitExcerpts(
  excerpts: readonly RenderableExcerpt[],
  budgetTokens: number,
  patterns: readonly PrivacyPattern[],
) {
  const kept: RenderableExcerpt[] = [];
  let used = 0;
  for (const e of excerpts) {
    const cost = excerptTokens(e, kept.length === 0, patterns);
    if (used + cost > budgetTokens * EXCERPT_SHARE) continue;
    used += cost;
    kept.push(e);
  }
  return { kept, used };
}

/**
 * Strong matches and the profile slot first, weaker real matches after them; rank order within
 * each. The desktop tools' search keeps the same memories, up to its own `max`.
 */
export function relevant(ranked: readonly RankedMemory[], max = MAX_INJECTED): RankedMemory[] {
  const top = ranked[0]?.score ?? 0;
  const strong = ranked.filter((r) => r.memory.pinned || r.score >= top * MIN_RELATIVE_SCORE);
  const taken = new Set(strong);
  const profile = ranked
    .filter((r) => !taken.has(r) && (r.parts.profile ?? 0) >= MIN_PROFILE_PART)
    .slice(0, PROFILE_SLOT);
  for (const r of profile) taken.add(r);
  const first = ranked.filter((r) => taken.has(r)).slice(0, max);
  const weaker = ranked.filter((r) => !taken.has(r) && r.parts.text >= MIN_TEXT_MATCH);
  return [...first, ...weaker].slice(0, max);
}

/** The draft's intent and its ranked candidates, as every block is chosen from them. */
export function rankForInjection(
  index: MemoryIndex,
  draft: string,
  opts: Omit<SelectOptions, 'budgetTokens' | 'mark' | 'excerpts' | 'privacyPatterns'>,
) {
  const intent = detectIntent(draft);
  const ranked = index.rank(draft, {
    site: opts.site,
    now: opts.now,
    limit: CANDIDATES,
    exclude: opts.exclude,
    intent,
    requestKeywords: opts.requestKeywords,
    spaces: opts.spaces,
  });
  return { intent: intent.kind, ranked };
}

/**
 * The block of these memories and excerpts, in the order given: the excerpts first take what
 * they need of their share, the memories fill the rest with whole memories only.
 */
export function composeSelection(
  intent: IntentKind,
  memories: readonly RankedMemory[],
  excerpts: readonly RenderableExcerpt[],
  opts: Pick<SelectOptions, 'budgetTokens' | 'mark' | 'privacyPatterns'>,
): Selection {
  const patterns = opts.privacyPatterns;
  const fitted = fitExcerpts(excerpts, opts.budgetTokens, patterns);
  const chosen = fitToBudget(memories.slice(0, MAX_INJECTED), opts.budgetTokens - fitted.used, patterns);
  const items = chosen.map((r) => ({ ...r, tokens: lineTokens(r.memory, patterns) }));
  if (items.length === 0 && fitted.kept.length === 0) return { intent, items, excerpts: [], block: null, tokens: 0 };
  const block = renderBlock(
    items.map((r) => r.memory),
    opts.mark,
    fitted.kept,
    patterns,
  );
  return { intent, items, excerpts: fitted.kept, block, tokens: estimateTokens(block) };
}

export function selectForInjection(index: MemoryIndex, draft: string, opts: SelectOptions): Selection {
  const { intent, ranked } = rankForInjection(index, draft, opts);
  return composeSelection(intent, relevant(ranked), opts.excerpts ?? [], opts);
}
