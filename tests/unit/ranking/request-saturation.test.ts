/**
 * The terms request keywords bring are scored at their own saturation (k1): a keyword is a short
 * search term, so a memory that holds it in its text and in its keywords is more about it than a
 * memory holding more common keyword terms once each. The draft's own words keep the store's k1,
 * even when a keyword repeats them.
 */
import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../../lib/ranking/inverted';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { WEIGHTS } from '../../../lib/ranking/weights';
import { memory } from '../helpers';

const NOW = Date.parse('2026-12-01T00:00:00Z');

function store() {
  const index = new MemoryIndex();
  const stack = memory(
    { content: 'User codes every project in Flutter, from prototypes to releases' },
    { keywords: ['Flutter', 'tech stack'] },
  );
  const sketches = memory(
    { content: 'User sketches widget mockups and list layouts on weekends' },
    { keywords: ['design', 'sketching', 'hobby'] },
  );
  const shopping = memory(
    { content: 'User keeps a shopping list in a phone widget' },
    { keywords: ['shopping', 'phone'] },
  );
  const others = [
    memory({ content: 'User drinks green tea in the afternoon' }, { keywords: ['tea', 'drinks'] }),
    memory({ content: 'User runs five kilometres on Saturdays' }, { keywords: ['running', 'exercise'] }),
  ];
  for (const m of [stack, sketches, shopping, ...others]) index.upsert(m);
  return { index, stack };
}

describe('request keywords at their own saturation', () => {
  it('put a memory holding a keyword in its text and its keywords first', () => {
    const { index, stack } = store();
    const ranked = index.rank('a pull-down refresh for the feed', {
      site: null,
      now: NOW,
      requestKeywords: ['Flutter', 'widget', 'list'],
    });
    expect(ranked[0]?.memory.id).toBe(stack.id);
  });

  it('leave the draft’s own words at the store’s saturation when a keyword repeats them', () => {
    const { index } = store();
    const draft = 'my Flutter widget list';
    const plain = index.rank(draft, { site: null, now: NOW });
    const repeated = index.rank(draft, { site: null, now: NOW, requestKeywords: ['Flutter', 'widget'] });
    expect(repeated).toEqual(plain);
  });

  it('score only the terms given a k1 of their own at it', () => {
    const index = new InvertedIndex();
    index.add(['flutter', 'flutter', 'code'], ['flutter']);
    index.add(['code', 'list']);
    index.add(['tea']);
    const query = new Map([
      ['flutter', 1],
      ['code', 1],
    ]);
    const own = index.score(query, WEIGHTS.bm25, new Map([['flutter', 5]]));
    const flutterAt5 = index.score(new Map([['flutter', 1]]), { ...WEIGHTS.bm25, k1: 5 });
    const codeAtStore = index.score(new Map([['code', 1]]), WEIGHTS.bm25);
    expect(own.scores[own.slots.indexOf(0)]).toBeCloseTo(
      (flutterAt5.scores[0] as number) + (codeAtStore.scores[codeAtStore.slots.indexOf(0)] as number),
      12,
    );
    expect(own.scores[own.slots.indexOf(1)]).toBeCloseTo(
      codeAtStore.scores[codeAtStore.slots.indexOf(1)] as number,
      12,
    );
  });
});
