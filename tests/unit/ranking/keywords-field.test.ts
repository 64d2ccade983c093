/** A memory's keywords as their own field (BM25F): own frequencies, own length normalisation, own weight. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BM25, InvertedIndex } from '../../../lib/ranking/inverted';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { memory } from '../helpers';

function scoresOf(index: InvertedIndex, query: string[], params = DEFAULT_BM25): Map<number, number> {
  const { slots, scores } = index.score(new Map(query.map((t) => [t, 1])), params);
  return new Map(slots.map((s, i) => [s, scores[i] as number]));
}

describe('keywords as their own field', () => {
  it('a memory is not judged longer, and so worse, for carrying many keywords', () => {
    const index = new MemoryIndex();
    const plain = memory({ content: 'User takes cello lessons' });
    const tagged = memory(
      { content: 'User takes cello lessons' },
      { keywords: ['music', 'instrument', 'hobby', 'strings', '大提琴', '音乐', '乐器'] },
    );
    index.upsert(plain);
    index.upsert(tagged);
    index.upsert(memory({ content: 'User bakes bread' }));
    const text = new Map(index.rank('cello', { site: null, now: 0 }).map((r) => [r.memory.id, r.parts.text]));
    expect(text.get(tagged.id)).toBeCloseTo(text.get(plain.id) as number, 10);
  });

  it('a keyword counts keywordWeight of a word of the text, applied when ranking', () => {
    const index = new InvertedIndex();
    const own = index.add(['allergy', 'peanut']);
    const kw = index.add(['peanut', 'butter'], ['allergy']);
    index.add(['bread', 'bake']);
    const half = scoresOf(index, ['allergy'], { ...DEFAULT_BM25, keywordWeight: 0.5 });
    const full = scoresOf(index, ['allergy'], { ...DEFAULT_BM25, keywordWeight: 1 });
    expect(half.get(kw)).toBeLessThan(half.get(own) as number);
    expect(full.get(kw)).toBeGreaterThan(half.get(kw) as number);
    expect(scoresOf(index, ['allergy'], { ...DEFAULT_BM25, keywordWeight: 0 }).has(kw)).toBe(false);
  });

  it('keywordOnly scales a memory found through its keywords alone, not one its own words found', () => {
    const index = new InvertedIndex();
    const both = index.add(['peanut', 'butter'], ['allergy']);
    const kwOnly = index.add(['sesame', 'oil'], ['allergy']);
    const base = scoresOf(index, ['allergy', 'peanut']);
    const cut = scoresOf(index, ['allergy', 'peanut'], { ...DEFAULT_BM25, keywordOnly: 0.5 });
    expect(cut.get(both)).toBeCloseTo(base.get(both) as number, 10);
    expect(cut.get(kwOnly)).toBeCloseTo((base.get(kwOnly) as number) * 0.5, 10);
  });

  it('removing a memory takes its keywords out of the averages and postings', () => {
    const index = new InvertedIndex();
    const a = index.add(['cello'], ['music']);
    index.add(['bread'], ['baking', 'food', 'kitchen']);
    const before = scoresOf(index, ['music']).get(a);
    const extra = index.add(['violin'], ['music', 'strings', 'instrument', 'orchestra', 'bow', 'practice', 'scales']);
    index.remove(extra);
    expect(scoresOf(index, ['music']).get(a)).toBeCloseTo(before as number, 10);
    expect(index.documentFrequency('orchestra')).toBe(0);
  });

  it('keeps no keyword frequencies for a term no memory has among its keywords', () => {
    const index = new InvertedIndex();
    index.add(['cello', 'lesson']);
    index.add(['cello', 'bow'], ['music']);
    index.add(['music', 'theory']);
    const d = index.dump();
    const kfsOf = (term: string) => d.kfs[d.terms.indexOf(term)];
    expect(kfsOf('cello')).toBeNull();
    expect(kfsOf('lesson')).toBeNull();
    expect(kfsOf('music')).toEqual([1, 0]);
    expect(scoresOf(InvertedIndex.restore(JSON.parse(JSON.stringify(d))), ['music'])).toEqual(
      scoresOf(index, ['music']),
    );
  });

  it('a dump restores an index that scores both fields the same', () => {
    const index = new MemoryIndex();
    index.upsert(memory({ content: '用户对花生过敏' }, { keywords: ['allergy', 'peanut'] }));
    index.upsert(memory({ content: 'User bakes bread on Sundays' }, { keywords: ['烘焙', 'baking'] }));
    const restored = MemoryIndex.restore(JSON.parse(JSON.stringify(index.dump())));
    for (const q of ['peanut allergy', '烘焙', '过敏']) {
      const a = index.rank(q, { site: null, now: 0 }).map((r) => [r.memory.id, r.score]);
      expect(restored.rank(q, { site: null, now: 0 }).map((r) => [r.memory.id, r.score])).toEqual(a);
    }
  });
});
