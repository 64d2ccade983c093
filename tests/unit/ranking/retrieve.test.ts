import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../lib/memory/types';
import { MemoryIndex, type RankOptions } from '../../../lib/ranking/retrieve';
import { sumParts } from '../../../lib/ranking/weights';
import { memory } from '../helpers';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');
const opts: RankOptions = { site: 'claude', now: NOW, limit: 10 };

function indexOf(...rows: MemoryRecord[]): MemoryIndex {
  const index = new MemoryIndex();
  for (const r of rows) index.upsert(r);
  return index;
}

const ids = (index: MemoryIndex, query: string, o: Partial<RankOptions> = {}) =>
  index.rank(query, { ...opts, ...o }).map((r) => r.memory.content);

describe('ranker hard rules', () => {
  it('never returns superseded, archived or expired memories', () => {
    const index = indexOf(
      memory({ content: '用户在成都武侯租房' }, { status: 'superseded' }),
      memory({ content: '用户在成都锦江租房' }, { status: 'archived' }),
      memory({ content: '用户在成都青羊租房' }, { status: 'expired' }),
      memory({ content: '用户在成都金牛租房' }, { supersededBy: 'other' }),
      memory({ content: '用户在成都高新租房' }),
    );
    expect(ids(index, '成都租房在哪')).toEqual(['用户在成都高新租房']);
  });

  it('returns global and this site only: a claude memory never reaches chatgpt', () => {
    const index = indexOf(
      memory({ content: 'writes Rust at work', scope: 'claude' }),
      memory({ content: 'Rust is the main language', scope: 'global' }),
      memory({ content: 'Rust crates vendored', scope: 'gemini' }),
    );
    expect(ids(index, 'Rust language', { site: 'chatgpt' })).toEqual(['Rust is the main language']);
    expect(ids(index, 'Rust language', { site: 'claude' }).sort()).toEqual(
      ['Rust is the main language', 'writes Rust at work'].sort(),
    );
    expect(ids(index, 'Rust language', { site: null })).toEqual(['Rust is the main language']);
  });

  it('keeps only the newest of two versions of one fact, even at lower importance', () => {
    const old = memory(
      { content: "User's son is 7 and takes the school bus to a primary school in Leith", importance: 5 },
      { createdAt: '2024-01-01T00:00:00.000Z' },
    );
    const fresh = memory(
      { content: "User's son is 8 and takes the school bus to a primary school in Leith", importance: 2 },
      { createdAt: '2025-06-01T00:00:00.000Z' },
    );
    const index = indexOf(old, fresh);
    expect(ids(index, 'primary school for the son, how old')).toEqual([fresh.content]);
    // Not a version: same type but a different fact stays.
    index.upsert(memory({ content: 'User drives the son to primary school on Fridays' }));
    expect(ids(index, 'primary school son')).toHaveLength(2);
  });

  it('always considers pinned memories, even with no text match', () => {
    const pinned = memory({ content: 'Spell everything the Australian way', pinned: true });
    const index = indexOf(pinned, memory({ content: 'likes kayaking on the lake' }));
    expect(ids(index, 'kayaking paddle advice')).toContain(pinned.content);
    expect(ids(index, 'something unrelated entirely')).toEqual([pinned.content]);
  });

  it('flags a like/dislike contradiction between two returned memories', () => {
    const likes = memory({ content: '用户喜欢喝冰可乐', type: 'preference' });
    const quit = memory({ content: '用户不喝可乐了，改喝气泡水', type: 'preference' });
    const other = memory({ content: '用户喜欢游泳', type: 'preference' });
    const ranked = indexOf(likes, quit, other).rank('推荐可乐', opts);
    const byId = new Map(ranked.map((r) => [r.memory.id, r]));
    expect(byId.get(likes.id)?.conflictsWith).toBe(quit.id);
    expect(byId.get(quit.id)?.conflictsWith).toBe(likes.id);
    expect(byId.get(other.id)?.conflictsWith).toBeUndefined();
  });

  it('leaves out excluded ids and the next ones move up', () => {
    const a = memory({ content: 'Kafka consumer lag alert tuning' });
    const b = memory({ content: 'Kafka chosen for the event bus' });
    const index = indexOf(a, b);
    expect(index.rank('Kafka', { ...opts, exclude: [a.id] }).map((r) => r.memory.id)).toEqual([b.id]);
  });
});

describe('ranker scoring', () => {
  it('breaks every score into named parts that add up to it', () => {
    const index = indexOf(
      memory({ content: '用户在给支付网关做灰度发布的回滚演练', type: 'task' }, { hitCount: 3, feedback: -1 }),
    );
    const [top] = index.rank('灰度发布回滚怎么演练', opts);
    expect(top).toBeDefined();
    expect(Object.keys(top?.parts ?? {}).sort()).toEqual([
      'feedback',
      'hits',
      'importance',
      'intent',
      'recency',
      'text',
    ]);
    expect(top?.score).toBeCloseTo(sumParts(top!.parts), 10);
    expect(top?.parts.text).toBeGreaterThan(0);
    expect(top?.parts.hits).toBeGreaterThan(0);
    expect(top?.parts.feedback).toBeLessThan(0);
  });

  it('ranks the memory that matches the words first, in Chinese and English', () => {
    const index = indexOf(
      memory({ content: '用户养了一只橘猫，名字叫年糕' }),
      memory({ content: '用户的儿子对芒果过敏' }),
      memory({ content: 'User is allergic to shellfish' }),
    );
    expect(ids(index, '年糕春节寄养')[0]).toBe('用户养了一只橘猫，名字叫年糕');
    expect(ids(index, 'shellfish allergy dinner')[0]).toBe('User is allergic to shellfish');
  });

  it('answers a greeting with the important address/style preferences only', () => {
    const index = indexOf(
      memory({ content: '用户希望大家叫他“老周”', type: 'preference', importance: 5 }),
      memory({ content: '用户要分点的回答，每点不超过一句', type: 'preference', importance: 5 }),
      memory({ content: '用户晚上喜欢听播客', type: 'preference', importance: 3 }),
      memory({ content: '用户在厦门工作', type: 'fact', importance: 5 }),
    );
    expect(ids(index, '晚上好')).toEqual(['用户希望大家叫他“老周”', '用户要分点的回答，每点不超过一句']);
  });

  it('lifts tasks for a continuation and conclusions for an opinion question', () => {
    const task = memory({ content: '用户在写年会节目策划', type: 'task' });
    const fact = memory({ content: '用户的年会节目策划预算', type: 'fact' });
    const decided = memory({ content: '用户认为年会节目策划要精简', type: 'conclusion' });
    const index = indexOf(fact, task, decided);
    expect(ids(index, '继续上次的年会节目策划')[0]).toBe(task.content);
    expect(ids(index, '你觉得年会节目策划怎么样')[0]).toBe(decided.content);
  });

  it('returns nothing for an empty store or a query with no match', () => {
    expect(new MemoryIndex().rank('whatever', opts)).toEqual([]);
    expect(indexOf(memory({ content: 'likes tea' })).rank('quantum chromodynamics', opts)).toEqual([]);
  });
});

describe('index updates', () => {
  it('upserts and removes in place without a rebuild', () => {
    const m = memory({ content: 'User rides a Brompton bike' });
    const index = indexOf(m);
    expect(ids(index, 'Brompton')).toEqual([m.content]);
    index.upsert({ ...m, content: 'User rides a Dahon folding bike' });
    expect(ids(index, 'Brompton')).toEqual([]);
    expect(ids(index, 'Dahon')).toEqual(['User rides a Dahon folding bike']);
    index.remove(m.id);
    expect(index.size).toBe(0);
    expect(ids(index, 'Dahon')).toEqual([]);
  });
});
