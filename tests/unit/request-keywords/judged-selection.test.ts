/**
 * The block with the model's judgment (pure): its picks first in its order, then the ranker's
 * relevant rest while the budget has room (whole memories only); a pick the ranker no longer
 * returns (another space's, switched off for the tab) never goes in; an excerpt only if picked,
 * found again by its chat and turns; without picks, exactly the ranker's block.
 */
import { describe, expect, it } from 'vitest';
import type { RenderableExcerpt } from '../../../lib/ranking/render';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { selectForInjection } from '../../../lib/ranking/select';
import { judgedExcerpts, selectJudged } from '../../../lib/request-keywords/judged-selection';
import { memory } from '../helpers';

const DRAFT = 'what should I pack for a winter hiking trip';
const boots = memory({ content: 'User hikes in size 43 winter boots' });
const trip = memory({ content: 'User plans a winter hiking trip to the Tatras in January' });
const pack = memory({ content: 'User always forgets to pack a headlamp for hiking' });
const other = memory({ content: 'User hikes every winter with the Work team' }, { space: 'sp-work' });
const long = memory({ content: `User keeps a hiking log: ${'every trail, every summit, every hut. '.repeat(40)}` });

function index() {
  const i = new MemoryIndex();
  for (const m of [boots, trip, pack, other, long]) i.upsert(m);
  return i;
}

const opts = (budgetTokens = 1200) => ({
  site: 'chatgpt' as const,
  now: Date.now(),
  budgetTokens,
  privacyPatterns: [],
});

function excerpt(chatId: string, turns: number[], text: string): RenderableExcerpt & { turns: number[] } {
  return {
    chatId,
    site: 'chatgpt',
    title: chatId,
    url: `https://chatgpt.com/c/${chatId}`,
    date: '2026-11-30',
    text,
    turns,
    why: 'match' as const,
    coverage: 0.5,
  };
}

describe('the judged block', () => {
  it('is the picks in the model’s order, then the ranker’s relevant rest', () => {
    const ranked = selectForInjection(index(), DRAFT, opts());
    const judged = selectJudged(index(), DRAFT, opts(), { memories: [pack.id, boots.id], chats: null });
    expect(judged.items.slice(0, 2).map((r) => r.memory.id)).toEqual([pack.id, boots.id]);
    const rest = ranked.items.map((r) => r.memory.id).filter((id) => id !== pack.id && id !== boots.id);
    expect(judged.items.slice(2).map((r) => r.memory.id)).toEqual(rest);
    expect(judged.picked).toEqual({ memories: 2, chats: 0 });
  });

  it('fills within the budget with whole memories, the picks first', () => {
    const budget = 150;
    const judged = selectJudged(index(), DRAFT, opts(budget), { memories: [trip.id, long.id], chats: null });
    expect(judged.items[0]?.memory.id).toBe(trip.id);
    // The long pick does not fit: it is skipped whole, and shorter ones below it still fill.
    expect(judged.items.map((r) => r.memory.id)).not.toContain(long.id);
    expect(judged.items.length).toBeGreaterThan(1);
    expect(judged.tokens).toBeLessThanOrEqual(budget);
  });

  it('never takes a pick the ranker does not return: another space’s, one switched off, an unknown id', () => {
    const judged = selectJudged(
      index(),
      DRAFT,
      { ...opts(), exclude: [boots.id] },
      { memories: [other.id, boots.id, 'no-such-id', trip.id], chats: null },
    );
    const ids = judged.items.map((r) => r.memory.id);
    expect(ids[0]).toBe(trip.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(boots.id);
    expect(judged.picked.memories).toBe(1);
  });

  it('without picks is exactly the ranker’s block', () => {
    const ranked = selectForInjection(index(), DRAFT, opts());
    const judged = selectJudged(index(), DRAFT, opts(), null);
    expect(judged.block).toBe(ranked.block);
    expect(judged.picked).toEqual({ memories: 0, chats: 0 });
  });

  it('takes an excerpt only if picked, the same turns first, at most two', () => {
    const found = [
      excerpt('chatgpt:a', [0, 1], 'User: first exchange of a'),
      excerpt('chatgpt:b', [4, 5], 'User: the one of b'),
      excerpt('chatgpt:a', [6, 7], 'User: later exchange of a'),
      excerpt('chatgpt:c', [0, 1], 'User: c'),
    ];
    expect(judgedExcerpts(found, [{ chatId: 'chatgpt:a', turns: [7] }]).map((e) => e.text)).toEqual([
      'User: later exchange of a',
    ]);
    const three = [
      { chatId: 'chatgpt:c', turns: [0] },
      { chatId: 'chatgpt:gone', turns: [0] },
      { chatId: 'chatgpt:b', turns: [4] },
      { chatId: 'chatgpt:a', turns: [0] },
    ];
    expect(judgedExcerpts(found, three).map((e) => e.chatId)).toEqual(['chatgpt:c', 'chatgpt:b']);
    const none = selectJudged(index(), DRAFT, { ...opts(), excerpts: found }, { memories: null, chats: [] });
    expect(none.excerpts).toEqual([]);
  });
});
