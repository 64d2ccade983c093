/** The address cue: each construction a form of address is stated with, and what only looks like one. */
import { describe, expect, it } from 'vitest';
import { hasAddressCue } from '../../../lib/text/cues';

function expectCue(texts: readonly string[], cue: boolean): void {
  for (const text of texts) expect(hasAddressCue(text), text).toBe(cue);
}

describe('hasAddressCue, Chinese', () => {
  it('reads 称呼, 叫 with the person as object, the passive 被叫 / 被称为, and the nicknames', () => {
    expectCue(
      [
        '用户希望被称呼为“老周”',
        '用户让大家叫他小林',
        '用户希望叫她 Amy',
        '用户讨厌被叫“李总”',
        '用户喜欢被称为王老师',
        '用户的昵称是阿木',
        '用户的外号叫大熊',
      ],
      true,
    );
  });

  it('does not take a name of someone else, 叫 in another sense, or being sent for, for one', () => {
    expectCue(
      [
        '用户的女儿叫豆豆',
        '用户晚上常叫外卖',
        '用户的猫叫可乐',
        '用户周一被叫去开会',
        '用户常被叫到办公室',
        '用户早上被叫醒',
      ],
      false,
    );
  });
});

describe('hasAddressCue, English', () => {
  it('reads the passive of call / address / refer to / know as, with a name or "by … name" after it', () => {
    expectCue(
      [
        'User wants to be called Rui',
        'User prefers to be called Rui',
        'User likes being called "Doc"',
        'User asked to be addressed as Dr. Lee',
        'User prefers to be referred to as Sam',
        'User would like to be known as 小林 in chats',
        'User wants to be called by her first name',
      ],
      true,
    );
  });

  it('does not take a participle naming something else, or a phone call, for the passive', () => {
    expectCue(
      [
        'User has a dog called Rex',
        'User works at a startup called Nimbus',
        'User was called into a meeting on Monday',
        'User needs to be called at 9 before the standup',
        'User wants to be known as an expert in compilers',
      ],
      false,
    );
  });

  it('reads "call me", and "call him/her/them" with a name', () => {
    expectCue(
      ['User said: call me Rui', 'Call him Sam, not Samuel', 'User asks the assistant to call them Alex'],
      true,
    );
  });

  it('does not take a phone call or an errand for the active', () => {
    expectCue(
      ['User wants to call her mother on Sundays', 'User called him yesterday about the lease', 'User called the bank'],
      false,
    );
  });

  it('reads "address … as" and "refer to … as", not addressing a problem', () => {
    expectCue(['Address him as Professor Wu', 'User asks people to refer to her as Jo'], true);
    expectCue(['User addressed her concerns in the review', 'User addressed the letter to the landlord'], false);
  });

  it('reads "goes by" a name, not a way of travelling or time passing', () => {
    expectCue(['User goes by Rui', 'User prefers to go by the name Bo', 'User goes by "Kat" at work'], true);
    expectCue(
      ['User goes by bus to work', 'User goes by train on weekends', 'As time goes by, user reads more'],
      false,
    );
  });

  it('reads the user\'s name with a "but" after it, not someone else\'s', () => {
    expectCue(
      ["User's name is Robert but everyone says Bob", "User's legal name is Xu Wei, but he prefers Will"],
      true,
    );
    expectCue(
      [
        "User's dog's name is Rex but it rarely comes",
        "User's daughter's name is Lily but she is shy",
        "User's name is Rui",
      ],
      false,
    );
  });

  it('reads the nouns nickname and pronouns', () => {
    expectCue(['User goes by the nickname Bo', 'User prefers they/them pronouns', "User's nickname is Bo"], true);
  });
});
