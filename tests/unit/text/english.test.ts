import { describe, expect, it } from 'vitest';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { englishTokens, stemsOf } from '../../../lib/text/english';
import { memory } from '../helpers';

const stems = (text: string) => englishTokens(text).flatMap((t) => (t.stop ? [] : t.stems));

describe('English tokens', () => {
  // Memory texts start "User <verb>s …": a tagger reads the verb as a plural noun ("lives" → life).
  // Each verb must give the stem its base form gives in a question.
  it.each(['live', 'work', 'like', 'play', 'run', 'love', 'study', 'move', 'own', 'use'])(
    '"User <%s>s …" meets a question with its base form',
    (verb) => {
      const third = verb.endsWith('y') ? `${verb.slice(0, -1)}ies` : `${verb}s`;
      const memory = stems(`User ${third} there with a friend.`);
      const question = stems(`Where do I ${verb}?`);
      expect(question.length).toBeGreaterThan(0);
      expect(question.some((s) => memory.includes(s))).toBe(true);
    },
  );

  it('indexes a word by every base form it can have', () => {
    expect(stemsOf('lives')).toEqual(expect.arrayContaining(['live', 'life']));
    expect(stemsOf('left')).toEqual(expect.arrayContaining(['left', 'leav']));
    expect(stemsOf('ran')).toContain('run');
    expect(stemsOf('children')).toContain('child');
    expect(stemsOf('younger')).toContain('young');
    expect(stemsOf('bigger')).toContain('big');
    // -er is taken off adjectives only: "letter" is not a form of "let".
    expect(stemsOf('letter')).not.toContain('let');
    // Porter2 alone splits a word from its inflections here; the base form joins them.
    expect(stemsOf('experienced')).toEqual(expect.arrayContaining(stemsOf('experience')));
    expect(stemsOf('experiences')).toEqual(expect.arrayContaining(stemsOf('experience')));
  });

  it('types numbers, times, ordinals, emails and links, and splits contractions', () => {
    const tokens = englishTokens("I don't pay $2,850.00 at 9:30 pm on the 2nd; mail a@b.io or see https://x.io/a.");
    const byType = (type: string) => tokens.filter((t) => t.type === type).map((t) => t.word);
    expect(byType('number')).toEqual(['2,850.00']);
    expect(byType('time')).toEqual(['9:30 pm']);
    expect(byType('ordinal')).toEqual(['2nd']);
    expect(byType('email')).toEqual(['a@b.io']);
    expect(byType('url')).toEqual(['https://x.io/a.']);
    expect(tokens.find((t) => t.word === "n't")?.stop).toBe(true);
    expect(tokens.find((t) => t.word === 'do')?.stop).toBe(true);
  });

  it('keeps a capitalised function word inside a sentence as a name', () => {
    const names = englishTokens('We met in May with Will').filter((t) => t.word === 'may' || t.word === 'will');
    expect(names.map((t) => t.stop)).toEqual([false, false]);
    expect(englishTokens('Will you? May I').every((t) => t.word === 'you' || t.word === 'i' || t.stop)).toBe(true);
  });

  it('lets the ranker find "User lives in Chengdu" for "Where do I live?"', () => {
    const index = new MemoryIndex();
    for (const content of ['User lives in Chengdu', 'User has a life-long fear of heights', 'User works at a bank'])
      index.upsert(memory({ content }));
    const top = (q: string) => index.rank(q, { site: null, now: Date.now(), limit: 3 })[0]?.memory.content;
    expect(top('Where do I live?')).toBe('User lives in Chengdu');
    expect(top('Which city do I live in?')).toBe('User lives in Chengdu');
    expect(top('Where do I work?')).toBe('User works at a bank');
  });
});
