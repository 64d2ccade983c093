/** The reading-problem rules, one case per rule and the cases that must not trip them. */
import { describe, expect, it } from 'vitest';
import { ANSWER_LIMIT_MS, readingProblems } from '../../../lib/page/reading-problems';

const user = (text: string) => ({ role: 'user' as const, text });
const bot = (text: string) => ({ role: 'assistant' as const, text });

describe('readingProblems', () => {
  it('finds nothing in a clean conversation', () => {
    expect(readingProblems({ turns: [user('Hi'), bot('Hello!')], generatingForMs: 0 })).toEqual([]);
  });

  it.each([
    'You saidHow do neural networks learn?',
    'You said: hello',
    '你说 帮我写一首诗',
    'Gemini 说 这是回答',
    'Thought for 12s\nThe answer',
    'Thought process The answer',
    '已深度思考（用时 5 秒） 答案',
    '顯示思路 答案',
  ])('flags a turn that starts with a site label: %s', (text) => {
    expect(readingProblems({ turns: [user('Q'), bot(text)], generatingForMs: 0 })).toEqual(['label_in_text']);
  });

  it.each([
    'Copy this paragraph into French',
    'Thinking about moving to 成都, where should I look?',
    'You know what, never mind',
    '思考一下这个问题',
  ])('does not flag ordinary text: %s', (text) => {
    expect(readingProblems({ turns: [user(text), bot('Sure.')], generatingForMs: 0 })).toEqual([]);
  });

  it('flags answers without a single question read', () => {
    expect(readingProblems({ turns: [bot('One'), bot('Two')], generatingForMs: 0 })).toEqual(['user_turns_empty']);
    expect(readingProblems({ turns: [], generatingForMs: 0 })).toEqual([]);
  });

  it('flags an answer still streaming after the limit, not before', () => {
    const turns = [user('Q'), bot('A')];
    expect(readingProblems({ turns, generatingForMs: ANSWER_LIMIT_MS - 1 })).toEqual([]);
    expect(readingProblems({ turns, generatingForMs: ANSWER_LIMIT_MS })).toEqual(['answer_unfinished']);
  });
});
