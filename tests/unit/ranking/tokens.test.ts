import { describe, expect, it } from 'vitest';
import { referenceTokens } from '../../../bench/lib/reference-tokens';
import { renderBlock } from '../../../lib/ranking/render';
import { estimateTokens } from '../../../lib/ranking/tokens';
import { memory } from '../helpers';

const ENGLISH = [
  'Priya volunteers at an animal rescue shelter every other Saturday and loves it.',
  'Tom is juggling night classes and a full-time job and feels stretched thin.',
  'The user wants short answers: the recommendation first, then the reasons.',
  'User moved from Leeds to Bristol in March 2025 and works at a robotics lab.',
  'Ruled out MongoDB because the reporting queries need real joins.',
  'Swims 2km twice a week; shoulder surgery in 2022, avoids butterfly stroke.',
];
const CHINESE = [
  '用户希望大家叫他“老周”',
  '用户要分点的回答，每点不超过一句',
  '用户去年10月从广州搬到了深圳南山',
  '用户负责把报表系统从 Excel 迁到 BI 平台',
  '用户在备考雅思，目标总分从6分提到7.5分',
  '用户最后选了 Svelte 做公司官网的重构',
  '用户的儿子对芒果过敏，点外卖要看清配料',
  '用户准备把报表迁移写进年终总结的重点部分',
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
    expect(estimateTokens('用户要分点的回答')).toBeGreaterThanOrEqual(8);
    expect(estimateTokens('')).toBe(0);
  });
});
