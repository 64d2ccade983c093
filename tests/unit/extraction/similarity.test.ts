import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_THRESHOLD,
  numbersOf,
  type Relation,
  relation,
  similarity,
} from '../../../lib/extraction/similarity';

const pairs = (
  JSON.parse(readFileSync('tests/fixtures/extraction/dedupe-pairs.json', 'utf8')) as {
    pairs: { older: string; newer: string; label: Relation }[];
  }
).pairs;

describe('near-duplicates and contradictions', () => {
  it('at the measured threshold, never merges two distinct memories of the labelled set', () => {
    const wrongMerges = pairs.filter((p) => p.label === 'distinct' && relation(p.older, p.newer) !== 'distinct');
    expect(wrongMerges).toEqual([]);
  });

  it('at the measured threshold, keeps the measured quality (bench/dedupe-threshold.ts)', () => {
    const correct = pairs.filter((p) => relation(p.older, p.newer) === p.label).length;
    expect(DUPLICATE_THRESHOLD).toBe(0.7);
    expect(correct / pairs.length).toBeGreaterThanOrEqual(0.85);
  });

  it('treats the same text with other numbers or a negation as a new version, not a duplicate', () => {
    expect(relation('House budget is ¥2,850,000.00', 'House budget is ¥2,850,000')).toBe('duplicate');
    expect(relation('House budget is ¥2,850,000.00', 'House budget is ¥3,200,000.00')).toBe('conflict');
    expect(relation('喜欢美式咖啡', '不喜欢美式咖啡了')).toBe('conflict');
    expect(relation('Lives in Beijing', 'Moved to Chengdu')).toBe('conflict');
    expect(relation('Lives in Beijing', 'Parents live in Harbin')).toBe('distinct');
  });

  it('a neighbour, cousin or roommate moving is not the user moving', () => {
    expect(relation('Lives in Chengdu', 'Neighbour lives in Xiamen')).toBe('distinct');
    expect(relation('Lives in Chengdu', 'Cousin Carol moved to Nanjing')).toBe('distinct');
    expect(relation('住在成都', '邻居住在厦门')).toBe('distinct');
    expect(relation('住在成都', '室友搬到上海了')).toBe('distinct');
    expect(relation('Lives in Chengdu', 'Moved to Xiamen')).toBe('conflict');
  });

  it('compares Chinese and English alike, numbers by value', () => {
    expect(similarity('喜欢美式咖啡', '喜欢美式咖啡。')).toBe(1);
    expect(numbersOf('¥2,850,000.00 and 30')).toEqual(['2850000', '30']);
  });
});
