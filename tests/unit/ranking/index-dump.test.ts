/**
 * A cold start restores the ranking index from its dump instead of building it: the restored
 * index must rank exactly as one built from the same memories, and keep doing so as it is
 * updated in place.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../lib/memory/types';
import { MemoryIndex, type MemoryIndexDump, type RankOptions } from '../../../lib/ranking/retrieve';
import { memory } from '../helpers';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');

function store(): MemoryRecord[] {
  return [
    memory({ content: 'User keeps bees in the back garden and sells the honey', keywords: ['beekeeping', '养蜂'] }),
    memory({ content: '用户在苏州工作，每天坐地铁上班', keywords: ['通勤', 'commute', 'Suzhou'] }),
    memory({ content: '用户希望被称呼为“小周”', type: 'preference', importance: 5 }),
    memory({ content: 'Keep answers short, no pleasantries', type: 'preference', importance: 4 }),
    memory({ content: '用户爱喝冰拿铁咖啡', type: 'preference' }),
    memory({ content: '用户戒了咖啡，改喝乌龙', type: 'preference' }),
    memory({ content: 'User coaches a junior chess club on Tuesdays', keywords: ['child', 'kids', '孩子'] }),
    memory({ content: 'User is allergic to peanuts', pinned: true }),
    memory({ content: 'Redis picked for the session cache', type: 'conclusion', scope: 'claude' }),
    memory({ content: 'Redis cluster resharding drill on Friday', type: 'task', scope: 'chatgpt' }),
    memory({ content: 'User rents a flat and pays 1,200 a month', keywords: ['rent', '房租'] }),
    memory({ content: '用户的孩子在学钢琴', keywords: ['piano', 'music lessons'] }),
    memory({ content: 'Old note about honey prices' }, { status: 'archived' }),
  ];
}

const QUERIES = [
  'how do I look after my bees',
  '推荐咖啡',
  '通勤太累了怎么办',
  'commute tips for Suzhou',
  'hi',
  '你好',
  'should I buy a house or keep renting? what do you think',
  'redis cache eviction',
  'piano lessons for my kid',
  '孩子 钢琴',
  'something unrelated entirely',
];

const OPTIONS: RankOptions[] = [
  { site: 'claude', now: NOW, limit: 10 },
  { site: 'chatgpt', now: NOW, limit: 3 },
  { site: null, anyScope: true, now: NOW },
];

function built(rows: readonly MemoryRecord[]): MemoryIndex {
  const index = new MemoryIndex();
  for (const m of rows) index.upsert(m);
  return index;
}

/** Through JSON, as the snapshot stores it. */
function restored(index: MemoryIndex): MemoryIndex {
  return MemoryIndex.restore(JSON.parse(JSON.stringify(index.dump())) as MemoryIndexDump);
}

function expectSameRanking(a: MemoryIndex, b: MemoryIndex): void {
  expect(b.size).toBe(a.size);
  for (const q of QUERIES) for (const o of OPTIONS) expect(b.rank(q, o)).toEqual(a.rank(q, o));
}

describe('restored index', () => {
  it('ranks exactly as the index it was dumped from, over a mixed English/Chinese store with keywords', () => {
    const index = built(store());
    // Not vacuous: the queries find memories through text, keywords and standing rules.
    expect(index.rank('commute tips for Suzhou', OPTIONS[0]!).map((r) => r.memory.content)).toContain(
      '用户在苏州工作，每天坐地铁上班',
    );
    expect(index.rank('推荐咖啡', OPTIONS[0]!).some((r) => r.conflictsWith)).toBe(true);
    expectSameRanking(index, restored(index));
  });

  it('keeps freed slots, and ranks the same as the built one after the same edits', () => {
    const rows = store();
    const a = built(rows);
    a.remove(rows[1]!.id);
    a.remove(rows[6]!.id);
    const b = restored(a);
    expectSameRanking(a, b);
    const edits = [
      memory({ content: '用户现住厦门，骑单车通勤', keywords: ['commute', 'Xiamen'] }),
      { ...rows[0]!, content: 'User gave the bees away last spring' },
    ];
    for (const m of edits) {
      a.upsert(m);
      b.upsert(m);
    }
    a.remove(rows[4]!.id);
    b.remove(rows[4]!.id);
    expectSameRanking(a, b);
    // A memory with no index terms at all is still a document that can be removed again.
    const blank = memory({ content: '…', pinned: true });
    a.upsert(blank);
    const c = restored(a);
    expectSameRanking(a, c);
    a.remove(blank.id);
    c.remove(blank.id);
    expectSameRanking(a, c);
    expect(b.rank('how do I look after my bees', OPTIONS[0]!)[0]?.memory.content).toBe(
      'User gave the bees away last spring',
    );
  });
});
