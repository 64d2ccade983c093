/** The address cue: each construction a form of address is stated with, and what only looks like one. */
import { describe, expect, it } from 'vitest';
import { hasAddressCue } from '../../../lib/ranking/cues';

describe('hasAddressCue', () => {
  it('reads every way a memory states how to address the user', () => {
    for (const text of [
      '用户希望被称呼为“老周”',
      '用户让大家叫他小林',
      '用户希望叫她 Amy',
      '用户讨厌被叫“李总”',
      '用户的昵称是阿木',
      '用户的外号叫大熊',
      'User wants to be called Sam; call him Sam',
      'User prefers they/them pronouns',
      'User goes by the nickname Bo',
    ]) {
      expect(hasAddressCue(text), text).toBe(true);
    }
  });

  it('does not take a name of someone else, or 叫 in another sense, for one', () => {
    for (const text of [
      '用户的女儿叫豆豆',
      '用户晚上常叫外卖',
      '用户的猫叫可乐',
      'User called the bank about a loan',
    ]) {
      expect(hasAddressCue(text), text).toBe(false);
    }
  });
});
