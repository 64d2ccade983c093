/**
 * What a judged answer may pick: numbers the model was shown only. A list naming an unknown
 * number is ignored whole (the other list stands), a repeat counts once, a missing list is
 * "not judged", another request's entry is ignored, and a malformed answer fails its schema.
 */
import { describe, expect, it } from 'vitest';
import { judgedCallOf, picksOf } from '../../../lib/request-keywords/judge-answer';
import type { JudgeCandidates } from '../../../lib/request-keywords/judge-candidates';
import { JudgedAnswerSchema } from '../../../lib/request-keywords/judge-prompt';

const candidates: JudgeCandidates = {
  memories: [
    { id: 'm1', type: 'fact', text: 'one' },
    { id: 'm2', type: 'fact', text: 'two' },
    { id: 'm3', type: 'fact', text: 'three' },
  ],
  chats: [
    { chatId: 'c1', site: 'chatgpt', title: 'First', date: '2026-10-01', text: 'x', turns: [0, 1] },
    { chatId: 'c2', site: 'claude', title: 'Second', date: '2026-10-02', text: 'y', turns: [4] },
  ],
};

const answer = (item: object, extra: object[] = []) =>
  JudgedAnswerSchema.parse({ items: [{ index: 1, keywords: ['k'], ...item }, ...extra] });

describe('picks of a judged answer', () => {
  it('turns numbers into ids in the model’s order, a repeat once', () => {
    const { picks, problem } = picksOf(answer({ memories: [3, 1, 3], past_chats: [2] }), candidates);
    expect(picks.memories).toEqual(['m3', 'm1']);
    expect(picks.chats).toEqual([{ chatId: 'c2', turns: [4] }]);
    expect(problem).toBeNull();
  });

  it('ignores a list that names a number it was not shown, keeps the other', () => {
    for (const bad of [[0], [4], [-1], [2, 41]]) {
      const { picks, problem } = picksOf(answer({ memories: bad, past_chats: [1] }), candidates);
      expect(picks.memories).toBeNull();
      expect(picks.chats).toEqual([{ chatId: 'c1', turns: [0, 1] }]);
      expect(problem).toBe('unknown-numbers');
    }
    // Numbers for an empty list are unknown too.
    const none = picksOf(answer({ memories: [1], past_chats: [] }), { ...candidates, memories: [] });
    expect(none.picks.memories).toBeNull();
  });

  it('an empty list is a judgment (none helps); a missing one is not', () => {
    expect(picksOf(answer({ memories: [], past_chats: [] }), candidates)).toEqual({
      picks: { memories: [], chats: [] },
      problem: null,
    });
    const missing = picksOf(answer({ memories: [2] }), candidates);
    expect(missing.picks).toEqual({ memories: ['m2'], chats: null });
    expect(missing.problem).toBe('not-judged');
  });

  it('reads request 1 only', () => {
    const other = picksOf(JudgedAnswerSchema.parse({ items: [{ index: 2, keywords: [], memories: [1] }] }), candidates);
    expect(other.picks).toEqual({ memories: null, chats: null });
  });

  it('a malformed answer fails its schema: not numbers, too many, fractions', () => {
    const item = { index: 1, keywords: [] };
    for (const memories of [['1'], Array.from({ length: 61 }, (_, i) => i + 1), [1.5], '1,2'])
      expect(JudgedAnswerSchema.safeParse({ items: [{ ...item, memories }] }).success).toBe(false);
  });

  it('Activity keeps what was shown and picked, or that nothing was judged', () => {
    const judged = picksOf(answer({ memories: [2], past_chats: [1] }), candidates);
    expect(judgedCallOf(candidates, judged)).toEqual({
      offered: { memories: 3, chats: 2 },
      memories: ['m2'],
      chats: [{ chatId: 'c1', title: 'First' }],
      problem: null,
    });
    expect(judgedCallOf(candidates, null)).toMatchObject({ memories: null, chats: null, problem: 'not-judged' });
  });
});
