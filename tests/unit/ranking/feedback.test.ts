import { describe, expect, it } from 'vitest';
import { detectFeedback } from '../../../lib/ranking/feedback';

describe('feedback detection', () => {
  it('reads corrections', () => {
    for (const t of [
      '不对，我已经搬到杭州了',
      '不是，我不喝咖啡',
      '你记错了，我女儿6岁',
      "That's wrong, I live in Paris",
      'I never said that',
      'No, I moved to Berlin',
      '不是这样的，我早就不喝咖啡了',
    ])
      expect(detectFeedback(t), t).toBe('corrected');
  });

  it('reads confirmations', () => {
    for (const t of ['对，就是这样', '没错', '对的，继续', 'Exactly!', "yes, that's right"])
      expect(detectFeedback(t), t).toBe('confirmed');
  });

  it('ignores ordinary messages that merely contain the words', () => {
    for (const t of [
      '帮我写个函数',
      '这个不是很好理解',
      '比较一下这两个方案',
      '是不是应该用 Go',
      'What is wrong with my code?',
      'Yes, and also add tests',
      'Nothing to add',
      '',
    ])
      expect(detectFeedback(t), t).toBeNull();
  });

  it('only reads the opening of a long message', () => {
    expect(detectFeedback(`${'帮我瞧瞧这段代码。'.repeat(20)}你记错了`)).toBeNull();
  });
});
