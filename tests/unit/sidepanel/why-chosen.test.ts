/**
 * The preview's why, in words: the memory's own words that meet the draft's (found in the
 * background as the ranker's tokenizer meets them: stems, Chinese words), a closeness in meaning
 * when the ranker matched with no shared word, and otherwise the one part that chose it.
 */
import { describe, expect, it } from 'vitest';
import { whyChosen, whySentence } from '../../../entrypoints/sidepanel/models/why-chosen';
import { sharedWords } from '../../../lib/ranking/shared-words';

const PARTS = { text: 0, intent: 0, importance: 0, recency: 0, hits: 0, feedback: 0 };

describe('why a memory is in the preview', () => {
  it('names the shared words as the memory writes them, stems and Chinese words included', () => {
    expect(sharedWords('help with my FastAPI billing service', 'Migrating billing from Flask to FastAPI')).toEqual([
      'billing',
      'FastAPI',
    ]);
    expect(sharedWords('Which trainings should I run this week?', 'Training for a half marathon')).toEqual([
      'Training',
    ]);
    expect(sharedWords('成都哪个区适合买房？', '我住在成都，想买三室的房子')).toContain('成都');
    // Stop words are not a match.
    expect(sharedWords('what is the plan', 'The plan is what it is')).toEqual(['plan']);
  });

  it('says the words, or closeness in meaning, when the text matched', () => {
    const memory = { content: 'Works as a backend engineer with FastAPI', pinned: false };
    const words = whyChosen(sharedWords('FastAPI auth middleware', memory.content), memory, { ...PARTS, text: 0.6 });
    expect(words).toEqual({ kind: 'words', words: ['FastAPI'] });
    expect(whySentence(words)).toBe('Shares the word “FastAPI” with your message.');
    expect(whySentence({ kind: 'words', words: ['a', 'b', 'c'] })).toBe(
      'Shares the words “a”, “b”, and “c” with your message.',
    );
    expect(whyChosen(sharedWords('server framework', memory.content), memory, { ...PARTS, text: 0.3 })).toEqual({
      kind: 'meaning',
    });
    // An Activity record kept before the shared words were: matched, without naming them.
    expect(whySentence(whyChosen(undefined, memory, { ...PARTS, text: 0.3 }))).toBe(
      'Matches the words of your message.',
    );
  });

  it('gives the leading other part, pinned first, when no word matched', () => {
    const memory = { content: 'Allergic to peanuts', pinned: false };
    expect(whyChosen([], memory, { ...PARTS, importance: 0.8, recency: 0.2 })).toEqual({
      kind: 'other',
      reason: 'importance',
    });
    expect(whyChosen([], { ...memory, pinned: true }, { ...PARTS, importance: 0.8 })).toEqual({
      kind: 'other',
      reason: 'pinned',
    });
    expect(whySentence({ kind: 'other', reason: 'recency' })).toBe('Used recently.');
  });
});
