/**
 * Pseudo-relevance feedback through keywords: the best matches of a draft lend their keywords
 * to it at a low weight, so a memory about the same thing in other words is found through what
 * the best match is about. What may lend, and what a lent term may do, is bounded.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../lib/memory/types';
import { InvertedIndex } from '../../../lib/ranking/inverted';
import { MemoryIndex, type RankOptions } from '../../../lib/ranking/retrieve';
import { WEIGHTS } from '../../../lib/ranking/weights';
import { memory } from '../helpers';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');
const OFF = { ...WEIGHTS, prf: { ...WEIGHTS.prf, docs: 0 } };

/** The best match of "Mochi keeps shedding": it names Mochi; its keywords say it is about a cat. */
const mochi = memory(
  { content: 'Mochi has had soft stools since Monday' },
  { keywords: ['cat', 'pet health', 'digestion'] },
);
/** The same subject in other words: shares no word with the draft, only keywords with the best match. */
const kitten = memory(
  { content: 'User adopted a ragdoll kitten last spring' },
  { keywords: ['cat', 'pet', 'adoption'] },
);
const others = [
  memory({ content: 'User bakes sourdough on Sundays' }, { keywords: ['baking', 'bread'] }),
  memory({ content: 'User commutes by train to the office' }, { keywords: ['commute', 'train'] }),
  memory({ content: 'User plays chess with a neighbour' }, { keywords: ['chess', 'games'] }),
  memory({ content: 'User is learning Portuguese' }, { keywords: ['language learning', 'Portuguese'] }),
];

function indexOf(rows: readonly MemoryRecord[]): MemoryIndex {
  const index = new MemoryIndex();
  for (const m of rows) index.upsert(m);
  return index;
}

function ids(index: MemoryIndex, draft: string, opts: Partial<RankOptions> = {}): string[] {
  return index.rank(draft, { site: null, now: NOW, ...opts }).map((r) => r.memory.id);
}

describe('feedback through the best matches keywords', () => {
  it('finds a memory on the same subject as the best match that shares no word with the draft', () => {
    const index = indexOf([mochi, kitten, ...others]);
    expect(ids(index, 'Mochi keeps shedding', { weights: OFF })).not.toContain(kitten.id);
    const found = ids(index, 'Mochi keeps shedding');
    expect(found[0]).toBe(mochi.id);
    expect(found).toContain(kitten.id);
  });

  it('a lent term counts less than the draft own words: the memory found through it ranks below', () => {
    const index = indexOf([mochi, kitten, ...others]);
    const ranked = index.rank('Mochi keeps shedding', { site: null, now: NOW });
    const score = (id: string) => ranked.find((r) => r.memory.id === id)?.parts.text ?? 0;
    expect(score(kitten.id)).toBeGreaterThan(0);
    expect(score(kitten.id)).toBeLessThan(score(mochi.id) / 4);
  });

  it('lends nothing from a memory the draft may not see: another site, archived, superseded, excluded', () => {
    const hidden: MemoryRecord[] = [
      { ...mochi, id: 'scoped', scope: 'claude' },
      { ...mochi, id: 'archived', status: 'archived' },
      { ...mochi, id: 'superseded', supersededBy: 'x' },
    ];
    for (const h of hidden) {
      const index = indexOf([h, kitten, ...others]);
      expect(ids(index, 'Mochi keeps shedding', { site: 'chatgpt' })).toEqual([]);
    }
    const index = indexOf([mochi, kitten, ...others]);
    expect(ids(index, 'Mochi keeps shedding', { exclude: [mochi.id] })).toEqual([]);
  });

  it('lends nothing from a weak match (under minShare of the best)', () => {
    // The best match names every draft word; the weak one only the name.
    const strong = memory({ content: 'Mochi sheds fur every spring' }, { keywords: ['grooming'] });
    const weak = memory({ content: 'Mochi is also a dessert' }, { keywords: ['cat', 'dessert'] });
    const index = indexOf([strong, weak, kitten, ...others]);
    const ranked = index.rank('Mochi sheds fur', { site: null, now: NOW, weights: OFF });
    const best = ranked[0]?.parts.text ?? 0;
    expect(ranked.find((r) => r.memory.id === weak.id)?.parts.text ?? 0).toBeLessThan(best * WEIGHTS.prf.minShare);
    // Every match may lend, and a lent term counts fully: only the share keeps the weak one out.
    const open = { ...WEIGHTS, prf: { ...WEIGHTS.prf, docs: 10, weight: 1 } };
    expect(ids(index, 'Mochi sheds fur', { weights: open })).not.toContain(kitten.id);
    const noShare = { ...open, prf: { ...open.prf, minShare: 0 } };
    expect(ids(index, 'Mochi sheds fur', { weights: noShare })).toContain(kitten.id);
  });

  it('changes nothing in a store without keywords', () => {
    const plain = [mochi, kitten, ...others].map(({ keywords: _drop, ...m }) => m as MemoryRecord);
    const index = indexOf(plain);
    for (const draft of ['Mochi keeps shedding', 'sourdough on Sundays', 'train to the office']) {
      const on = index.rank(draft, { site: null, now: NOW }).map((r) => [r.memory.id, r.score]);
      expect(index.rank(draft, { site: null, now: NOW, weights: OFF }).map((r) => [r.memory.id, r.score])).toEqual(on);
    }
  });

  it('lends at most `terms` terms, the rarest first', () => {
    const many = memory(
      { content: 'Mochi has a vet visit on Friday' },
      { keywords: ['cat', 'pet', 'vet', 'veterinarian', 'appointment', 'animal clinic', 'checkup', 'vaccination'] },
    );
    const index = indexOf([many, kitten, ...others]);
    const narrow = { ...WEIGHTS, prf: { ...WEIGHTS.prf, terms: 1 } };
    // One lent term: the rarest, which only `many` has, so nothing else is found.
    expect(ids(index, 'Mochi', { weights: narrow })).toEqual([many.id]);
    expect(ids(index, 'Mochi')).toContain(kitten.id);
  });
});

describe('a document keywords terms', () => {
  it('are the terms of its keywords field, after updates and through a dump', () => {
    const index = new InvertedIndex();
    const a = index.add(['cello', 'lesson'], ['music', 'cello']);
    const b = index.add(['bread'], ['baking']);
    const c = index.add(['chess']);
    index.remove(b);
    const d = index.add(['violin'], ['music', 'strings']);
    expect(new Set(index.keywordTermsOf(a))).toEqual(new Set(['music', 'cello']));
    expect(index.keywordTermsOf(c)).toEqual([]);
    expect(new Set(index.keywordTermsOf(d))).toEqual(new Set(['music', 'strings']));
    const back = InvertedIndex.restore(JSON.parse(JSON.stringify(index.dump())));
    for (const slot of [a, c, d]) {
      expect(new Set(back.keywordTermsOf(slot))).toEqual(new Set(index.keywordTermsOf(slot)));
      expect(new Set(back.termsOf(slot))).toEqual(new Set(index.termsOf(slot)));
    }
  });
});

describe('feedback in a large store', () => {
  /** Shares only "cat" with the best match's keywords. */
  const ragdoll = memory({ content: 'User adopted a ragdoll kitten last spring' }, { keywords: ['cat', 'adoption'] });
  /** 1,200 memories on other things; `withCat` of them carry the keyword "cat" too. */
  function large(withCat: number): MemoryRecord[] {
    return Array.from({ length: 1200 }, (_, i) =>
      memory(
        { content: `User note number ${i} about topic${i % 97} and item${i % 89}` },
        { keywords: i < withCat ? ['cat', `tag${i}`] : [`tag${i}`, `group${i % 50}`] },
      ),
    );
  }

  it('lends a keyword few memories carry', () => {
    const index = indexOf([mochi, ragdoll, ...others, ...large(5)]);
    expect(ids(index, 'Mochi keeps shedding', { limit: 50 })).toContain(ragdoll.id);
  });

  it('lends no keyword carried by more than 1% of a large store: a broad category, not the subject', () => {
    const index = indexOf([mochi, ragdoll, ...others, ...large(40)]);
    const found = ids(index, 'Mochi keeps shedding', { limit: 50 });
    expect(found).toEqual([mochi.id]);
  });
});
