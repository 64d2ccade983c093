/**
 * The block with the model's judgment: its picks in its order, filled with the ranker's next
 * best (what the block would hold without a model) while the budget has room; an excerpt goes
 * in only if picked. Every pick is checked again here against what the chat may get now: a
 * memory goes in only if the ranker still returns it for this draft under the current rules
 * (the chat's space filter, the tab's exclusions, the site's scope, active and newest), so a
 * memory whose space the chat left while the call ran, or one deleted or archived since, is
 * dropped from the picks and the rest stand; an exchange only if the excerpt search still finds
 * its chat. A list the model did not judge is ranked as without it. Pure.
 */
import { MAX_EXCERPTS } from '../history/excerpts';
import type { RankedMemory } from '../ranking/ranked';
import type { RenderableExcerpt } from '../ranking/render';
import type { MemoryIndex } from '../ranking/retrieve';
import { composeSelection, rankForInjection, relevant, type Selection, type SelectOptions } from '../ranking/select';
import type { JudgedPicks } from './judge-answer';
import { CANDIDATE_FLOOR, CHAT_CANDIDATES } from './judge-candidates';

type Excerpt = RenderableExcerpt & { turns: readonly number[] };

export interface JudgedSelection extends Selection {
  /** How many of the block's memories and excerpts are the model's picks (0 and 0 without an answer). */
  picked: { memories: number; chats: number };
}

/** The memories: picks the ranker still returns, in the model's order, then its relevant rest. */
export function judgedMemories(ranked: readonly RankedMemory[], picks: readonly string[]): RankedMemory[] {
  const byId = new Map(ranked.map((r) => [r.memory.id, r]));
  const picked = [...new Set(picks)].flatMap((id) => byId.get(id) ?? []);
  const taken = new Set(picked);
  return [...picked, ...relevant(ranked).filter((r) => !taken.has(r))];
}

/** The excerpts: for each pick in order, the excerpt found now of its chat (the same turns first). */
export function judgedExcerpts<E extends Excerpt>(found: readonly E[], picks: JudgedPicks['chats'] & object): E[] {
  const out: E[] = [];
  for (const p of picks) {
    if (out.length >= MAX_EXCERPTS) break;
    const ofChat = found.filter((e) => e.chatId === p.chatId && !out.includes(e));
    const same = ofChat.find((e) => e.turns.some((t) => p.turns.includes(t)));
    const e = same ?? ofChat[0];
    if (e) out.push(e);
  }
  return out;
}

/**
 * How the excerpt search runs for this answer: for picked exchanges it finds the candidates the
 * model was shown (more of them, a lower floor), so the picks can be found again; otherwise as
 * without a model.
 */
export function excerptSearch(picks: JudgedPicks | null): { max?: number; floor?: number } {
  return picks?.chats ? { max: CHAT_CANDIDATES, floor: CANDIDATE_FLOOR } : {};
}

/**
 * The block for `draft`: with no picks, exactly the ranker's block (selectForInjection); with
 * picks, the judged one. `opts.excerpts` are what excerptSearch(picks) found.
 */
export function selectJudged(
  index: MemoryIndex,
  draft: string,
  opts: SelectOptions & { excerpts?: readonly Excerpt[] },
  picks: JudgedPicks | null,
): JudgedSelection {
  const { intent, ranked } = rankForInjection(index, draft, opts);
  const memories = picks?.memories ? judgedMemories(ranked, picks.memories) : relevant(ranked);
  const excerpts = picks?.chats ? judgedExcerpts(opts.excerpts ?? [], picks.chats) : (opts.excerpts ?? []);
  const selection = composeSelection(intent, memories, excerpts, opts);
  const pickedIds = new Set(picks?.memories ?? []);
  return {
    ...selection,
    picked: {
      memories: selection.items.filter((r) => pickedIds.has(r.memory.id)).length,
      chats: picks?.chats ? selection.excerpts.length : 0,
    },
  };
}
