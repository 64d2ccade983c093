import { describe, expect, it } from 'vitest';
import { referenceTokens } from '../../../bench/lib/reference-tokens';
import { renderBlock } from '../../../lib/ranking/render';
import { estimateTokens } from '../../../lib/ranking/tokens';
import { memory } from '../helpers';

const ENGLISH = [
  'Priya joined a community choir last spring and found the weekly rehearsals calming.',
  'Tomasz is juggling night classes and a part-time job and feels stretched thin.',
  'The user prefers concise answers with the conclusion first, then the details.',
  'User moved from Beijing to Chengdu in September 2024 and works at a fintech startup.',
  'Decided against CockroachDB because nobody on the team has run it in production.',
  'Runs 5km three times a week; knee injury in 2021, avoids jumping rope.',
];
const CHINESE = [
  '用户希望被称呼为“小周”',
  '用户要简短的回答，不要客套，直接说重点',
  '用户去年11月从广州搬到了苏州园区',
  '用户负责把支付服务从 PHP 重写成 Java 微服务',
  '用户在增肌，目标从60公斤练到66公斤',
  '用户最后选了 ClickHouse 做报表库',
  '用户的儿子对尘螨过敏，换季时容易咳嗽',
  '用户打算把 ClickHouse 报表项目写进年终总结',
];

function relativeErrors(texts: readonly string[]): number[] {
  return texts.map((t) => Math.abs(estimateTokens(t) - referenceTokens(t)) / referenceTokens(t));
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

describe('token estimate (calibrated against @anthropic-ai/tokenizer)', () => {
  it('stays within bounds per text, English and Chinese', () => {
    const en = relativeErrors(ENGLISH);
    const zh = relativeErrors(CHINESE);
    expect(median(en)).toBeLessThan(0.12);
    expect(Math.max(...en)).toBeLessThan(0.3);
    expect(median(zh)).toBeLessThan(0.2);
    expect(Math.max(...zh)).toBeLessThan(0.35);
  });

  it('is within 10% on whole blocks, where per-memory errors average out', () => {
    for (const set of [ENGLISH, CHINESE, [...ENGLISH, ...CHINESE]]) {
      const block = renderBlock(set.map((content) => memory({ content })));
      const ref = referenceTokens(block);
      expect(Math.abs(estimateTokens(block) - ref) / ref).toBeLessThan(0.1);
    }
  });

  it('costs Chinese per character, not per four characters', () => {
    expect(estimateTokens('用户要简短的回答')).toBeGreaterThanOrEqual(9);
    expect(estimateTokens('')).toBe(0);
  });
});
