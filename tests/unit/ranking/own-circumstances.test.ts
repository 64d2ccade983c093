/**
 * Requests that name the user's own circumstances, and greetings, as a user meets them: memories
 * without keywords (imported, or stored before keywords), a store of a few unrelated memories.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../lib/memory/types';
import { profileKinds, selfKinds } from '../../../lib/ranking/profile';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { selectForInjection } from '../../../lib/ranking/select';
import { memory } from '../helpers';

const NOW = Date.parse('2026-11-20T09:00:00.000Z');

function injected(rows: readonly MemoryRecord[], draft: string): string[] {
  const index = new MemoryIndex();
  for (const r of rows) index.upsert(r);
  return selectForInjection(index, draft, { site: null, now: NOW, budgetTokens: 1200, privacyPatterns: [] }).items.map(
    (i) => i.memory.content,
  );
}

const OTHERS = [
  memory({ content: '用户在做一个 Go 写的爬虫', type: 'task' }),
  memory({ content: '用户决定不再用 Notion 记笔记', type: 'conclusion' }),
  memory({ content: '用户喜欢科幻小说', type: 'preference' }),
  memory({ content: 'User is learning the cello', type: 'task' }),
];

describe('a request about where the user lives reaches the memory that says it', () => {
  it('a Chinese weather question about "the city I live in now" gets the move to Chengdu', () => {
    const moved = memory({ content: '用户上个月搬到了成都' });
    expect(injected([...OTHERS, moved], '我现在住的城市这周天气怎么样？')).toContain(moved.content);
  });

  it('after a move, a request for somewhere near home gets the new city, not the old one', () => {
    const old = memory({ content: 'User lives in Berlin' }, { status: 'superseded' });
    const moved = memory({ content: 'User relocated to Lisbon in October' });
    const got = injected([...OTHERS, old, moved], 'Any good brunch spots near home?');
    expect(got).toContain(moved.content);
    expect(got).not.toContain(old.content);
  });

  it('each general verb of residence or relocation states a residence, in both languages', () => {
    for (const text of [
      'User lives in Porto',
      'User is based in Nairobi',
      'User moved to Austin last year',
      'User relocated to Osaka for work',
      'User has settled in Leeds',
      'User resides in Quebec',
      '用户定居在厦门',
      '用户搬到了苏州',
      '用户家住天津河西',
      '用户去年移居新加坡',
    ]) {
      expect(profileKinds(text), text).toContain('residence');
    }
  });

  it('where the user comes from, or a migration of data, is no residence', () => {
    for (const text of [
      'User grew up in Ohio',
      '用户的老家在湖南',
      '用户把数据库迁到了云上',
      'User moved the meeting to Friday',
    ]) {
      expect(profileKinds(text), text).not.toContain('residence');
    }
  });

  it('a keyword that names the kind counts, a keyword that only contains its word does not', () => {
    expect(profileKinds('User is fond of Lisbon', ['home city'])).toContain('residence');
    expect(profileKinds('用户很喜欢那辆车', ['家人'])).toContain('household');
    expect(profileKinds('User bought a minivan', ['family car'])).not.toContain('household');
    expect(profileKinds('User set up a standing desk', ['home office'])).not.toContain('residence');
  });

  it('reads a draft that names the user’s own home, household or constraints', () => {
    expect(selfKinds('我住的地方附近有什么好吃的')).toContain('residence');
    expect(selfKinds("What's the weather like in the city I live in?")).toContain('residence');
    expect(selfKinds('plan a picnic for my family')).toContain('household');
    expect(selfKinds('我能吃什么零食')).toContain('diet');
    expect(selfKinds('Explain how a B-tree works')).toEqual([]);
    expect(selfKinds('这个城市的历史')).toEqual([]);
  });
});

describe('a greeting gets how the user wants to be addressed, however it is written', () => {
  for (const content of [
    'User wants to be called Rui',
    'User prefers to go by Rui',
    "User's name is Ruiqi but prefers Rui",
  ]) {
    it(`"Hello!" with "${content}" stored`, () => {
      const address = memory({ content, type: 'preference', importance: 4 });
      expect(injected([...OTHERS, address], 'Hello!')).toEqual([content]);
    });
  }

  it('"Hello!" with a dog called Rex stored gets nothing', () => {
    const dog = memory({ content: 'User has a dog called Rex', type: 'preference', importance: 4 });
    expect(injected([...OTHERS, dog], 'Hello!')).toEqual([]);
  });
});
