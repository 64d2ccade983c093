/**
 * Look-alike names (UTS #39 skeleton over the Unicode confusables table, with invisible
 * characters, width and case folded): what is one name, and what stays two.
 */
import { describe, expect, it } from 'vitest';
import { lookAlikeKey, skeleton } from '../../../lib/memory/look-alike';

describe('look-alike names', () => {
  it('makes one name of other scripts, invisible characters, width, case and spacing', () => {
    expect(lookAlikeKey('W\u043erk')).toBe(lookAlikeKey('Work')); // Cyrillic о
    for (const name of ['Wo\u200brk', '\uff37\uff4f\uff52\uff4b', 'WORK', ' work ', 'W0rk', 'Wor\u200dk\u2060'])
      expect(lookAlikeKey(name), name).toBe(lookAlikeKey('Work'));
    expect(lookAlikeKey('Client  Z')).toBe(lookAlikeKey('client z'));
    expect(lookAlikeKey('\u0421lient Z')).toBe(lookAlikeKey('Client Z')); // Cyrillic С
  });

  it('keeps different names apart, in Latin and in Chinese', () => {
    expect(lookAlikeKey('Work')).not.toBe(lookAlikeKey('Word'));
    expect(lookAlikeKey('Home')).not.toBe(lookAlikeKey('House'));
    expect(lookAlikeKey('工作')).not.toBe(lookAlikeKey('工作室'));
    expect(lookAlikeKey('家庭')).not.toBe(lookAlikeKey('家'));
  });

  it('is the UTS #39 skeleton: NFD, prototypes, NFD', () => {
    expect(skeleton('paypal')).toBe(skeleton('p\u0430yp\u0430l'));
    expect(skeleton('\u00e9')).toBe(skeleton('e\u0301'));
  });
});
