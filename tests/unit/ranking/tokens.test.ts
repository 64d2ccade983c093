import { describe, expect, it } from 'vitest';
import { referenceTokens } from '../../../bench/lib/reference-tokens';
import { renderBlock } from '../../../lib/ranking/render';
import { estimateTokens } from '../../../lib/ranking/tokens';
import { memory } from '../helpers';

const ENGLISH = [
  'Caroline attended an LGBTQ support group recently and found the transgender stories inspiring.',
  'Melanie is currently managing kids and work and finds it overwhelming.',
  'The user prefers concise answers with the conclusion first, then the details.',
  'User moved from Beijing to Chengdu in September 2024 and works at a fintech startup.',
  'Decided against CockroachDB because nobody on the team has run it in production.',
  'Runs 5km three times a week; knee injury in 2021, avoids jumping rope.',
];
const CHINESE = [
  '用户希望被称呼为“阿远”',
  '用户喜欢简洁的回答，先给结论再展开',
  '用户9月从上海搬到了杭州滨江',
  '用户负责把订单库从 MySQL 迁到分布式数据库',
  '用户在减脂，目标从82公斤减到75公斤',
  '用户最终选定 TiDB 作为订单库的迁移目标',
  '用户的女儿对花粉过敏，春天出门要戴口罩',
  '用户打算把 TiDB 迁移项目作为晋升材料的核心案例',
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
    expect(estimateTokens('用户喜欢简洁的回答')).toBeGreaterThanOrEqual(9);
    expect(estimateTokens('')).toBe(0);
  });
});
