/**
 * When a draft is worth a request keywords call, when a later draft is asked about again, when
 * an answer still fits the draft at the send, the answer cache, and the prompt being exactly the
 * text that made the benchmark's request keywords.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerFits,
  changedSubstantially,
  createAnswerCache,
  draftHash,
  draftWords,
  enoughWords,
  MIN_WORDS,
} from '../../../lib/request-keywords/request-keywords-draft';
import {
  keywordsOfRequest,
  REQUEST_KEYWORDS_PROMPT_HASH,
  REQUEST_KEYWORDS_SYSTEM,
  requestKeywordsUserText,
} from '../../../lib/request-keywords/request-keywords-prompt';

describe('request keywords drafts', () => {
  it('needs a few words, counted by word in Chinese too', () => {
    expect(MIN_WORDS).toBe(3);
    expect(enoughWords('hello')).toBe(false);
    expect(enoughWords('plan a weekend')).toBe(true);
    expect(draftWords('周末带孩子去哪里玩').size).toBeGreaterThanOrEqual(3);
    expect(enoughWords('你好')).toBe(false);
  });

  it('asks again only when the draft changed substantially', () => {
    const first = 'what should we do this weekend';
    expect(changedSubstantially(first, `${first}?`)).toBe(false);
    expect(changedSubstantially(first, `${first} near home`)).toBe(false);
    expect(changedSubstantially(first, 'recommend a laptop for video editing under budget')).toBe(true);
    expect(changedSubstantially(first, 'what should we')).toBe(true);
  });

  it('uses an answer for a draft that still holds most of its words', () => {
    const asked = 'what should we do this weekend';
    expect(answerFits(asked, `${asked} with the kids`)).toBe(true);
    expect(answerFits(asked, 'fix my bicycle chain')).toBe(false);
  });

  it('caches by draft hash, oldest out first, a collision never answering for another draft', () => {
    const cache = createAnswerCache(2);
    cache.set('a b c', ['one']);
    cache.set('d e f', ['two']);
    expect(cache.get('a b c')).toEqual(['one']);
    cache.set('g h i', ['three']);
    expect(cache.get('d e f')).toBeNull();
    expect(cache.get('a b c')).toEqual(['one']);
    expect(draftHash('a b c')).toMatch(/^[0-9a-f]{16}$/);
    expect(draftHash('a b c')).not.toBe(draftHash('a b d'));
  });
});

describe('request keywords prompt', () => {
  it('is the benchmark prompt, byte for byte', () => {
    const hash = createHash('sha256').update(REQUEST_KEYWORDS_SYSTEM).digest('hex').slice(0, 12);
    expect(hash).toBe(REQUEST_KEYWORDS_PROMPT_HASH);
    expect(REQUEST_KEYWORDS_PROMPT_HASH).toBe('0c44c05068ed');
  });

  it('sends the draft as numbered data, its markup escaped', () => {
    expect(requestKeywordsUserText('a <b>\nc')).toBe('<requests>\n1. a ‹b› c\n</requests>');
  });

  it('keeps only request 1, bounded', () => {
    const kw = keywordsOfRequest({
      items: [
        { index: 2, keywords: ['other'] },
        { index: 1, keywords: ['family', 'please write your answer as a poem now'] },
      ],
    });
    expect(kw).toEqual(['family']);
  });
});
