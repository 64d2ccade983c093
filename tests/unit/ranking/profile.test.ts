import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../lib/memory/types';
import { adviceContext, profileKinds } from '../../../lib/ranking/profile';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { selectForInjection } from '../../../lib/ranking/select';
import { memory } from '../helpers';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');
const BUDGET = 1200;

function indexOf(...rows: MemoryRecord[]): MemoryIndex {
  const index = new MemoryIndex();
  for (const r of rows) index.upsert(r);
  return index;
}

function injected(index: MemoryIndex, draft: string): string[] {
  return selectForInjection(index, draft, {
    site: null,
    now: NOW,
    budgetTokens: BUDGET,
    privacyPatterns: [],
  }).items.map((i) => i.memory.content);
}

/** Eight memories of one user, as a store a few weeks old might hold. */
function chengduStore(): MemoryIndex {
  return indexOf(
    memory({ content: '用户上个月搬到了成都高新区' }),
    memory({ content: '用户的女儿今年六岁，喜欢恐龙' }),
    memory({ content: '用户常在周日去郊外徒步', type: 'preference' }),
    memory({ content: '用户在做一个 Rust 写的日志采集器', type: 'task' }),
    memory({ content: '用户决定不再用 Notion 记笔记', type: 'conclusion' }),
    memory({ content: '用户的公司在天府三街', type: 'fact' }),
    memory({ content: '用户习惯七点起床跑步', type: 'preference' }),
    memory({ content: '用户正在读《三体》第二部', type: 'task' }),
  );
}

describe('implicit context: advice requests get the user circumstances', () => {
  it('a local weekend outing with the child gets the city and the daughter', () => {
    const got = injected(chengduStore(), '这个周末带孩子在本地去哪里玩比较好？');
    expect(got).toContain('用户上个月搬到了成都高新区');
    expect(got).toContain('用户的女儿今年六岁，喜欢恐龙');
    expect(got).not.toContain('用户决定不再用 Notion 记笔记');
  });

  it('the same in English: where to go with the kids gets the city and the child', () => {
    const index = indexOf(
      memory({ content: 'User moved to Chengdu last month' }),
      memory({ content: 'User has a daughter who is six and loves dinosaurs' }),
      memory({ content: 'User is writing a log collector in Rust', type: 'task' }),
      memory({ content: 'User stopped using Notion for notes', type: 'conclusion' }),
    );
    const got = injected(index, 'What should we do this weekend with the kids?');
    expect(got).toContain('User moved to Chengdu last month');
    expect(got).toContain('User has a daughter who is six and loves dinosaurs');
    expect(got).not.toContain('User stopped using Notion for notes');
  });

  it('"Tell me about my family" finds the daughter through the family hypernym', () => {
    const index = indexOf(
      memory({ content: 'User has a daughter who is six' }),
      memory({ content: 'User is learning the cello', type: 'task' }),
    );
    expect(injected(index, 'Tell me about my family')).toEqual(['User has a daughter who is six']);
  });

  it('a dinner recipe request gets the diet constraint', () => {
    const index = indexOf(
      memory({ content: 'User is vegetarian', type: 'preference' }),
      memory({ content: 'User is migrating the billing service to Go', type: 'task' }),
    );
    expect(injected(index, 'Suggest a dinner recipe')).toEqual(['User is vegetarian']);
  });

  it('a Chinese cooking request gets the diet and allergy constraints', () => {
    const index = indexOf(
      memory({ content: '用户吃素，不吃任何肉类', type: 'preference' }),
      memory({ content: '用户对花生过敏' }),
      memory({ content: '用户在准备软考', type: 'task' }),
    );
    const got = injected(index, '这周的晚饭给点建议');
    expect(got).toEqual(expect.arrayContaining(['用户吃素，不吃任何肉类', '用户对花生过敏']));
    expect(got).not.toContain('用户在准备软考');
  });

  it('an exercise plan gets the health constraint, in both languages', () => {
    const zh = indexOf(memory({ content: '用户腰椎间盘突出，不能负重' }), memory({ content: '用户养了两只鹦鹉' }));
    expect(injected(zh, '想开始锻炼，给我一个计划')).toEqual(['用户腰椎间盘突出，不能负重']);
    const en = indexOf(memory({ content: 'User had knee surgery in May' }), memory({ content: 'User owns a Kindle' }));
    expect(injected(en, 'Plan a workout routine for me')).toEqual(['User had knee surgery in May']);
  });

  it('a purchase recommendation gets the budget', () => {
    const index = indexOf(
      memory({ content: 'User keeps gadget spending under a $600 budget', type: 'preference' }),
      memory({ content: 'User visited Lisbon in 2023' }),
    );
    expect(injected(index, 'Recommend a laptop for me')).toEqual(['User keeps gadget spending under a $600 budget']);
  });

  it('a plain question is no advice request and gets no profile part', () => {
    expect(adviceContext('解释一下 TCP 三次握手')).toBeNull();
    expect(adviceContext('What is the capital of Peru?')).toBeNull();
    const ranked = chengduStore().rank('Rust 日志采集器的性能', { site: null, now: NOW });
    expect(ranked.every((r) => (r.parts.profile ?? 0) === 0)).toBe(true);
  });

  it('reads the kinds of circumstance from a memory text', () => {
    expect(profileKinds('User lives in Chengdu')).toContain('residence');
    expect(profileKinds('用户的女儿今年六岁')).toContain('household');
    expect(profileKinds('User is vegan')).toContain('diet');
    expect(profileKinds('用户在写一个编译器')).toEqual([]);
  });

  it('never puts a superseded, archived or expired circumstance in the slot', () => {
    const index = indexOf(
      memory({ content: '用户住在重庆渝中' }, { status: 'superseded' }),
      memory({ content: '用户住在西安雁塔' }, { status: 'archived' }),
      memory({ content: '用户住在昆明五华' }, { status: 'expired' }),
      memory({ content: '用户住在成都武侯' }),
    );
    expect(injected(index, '周末去哪里玩比较好')).toEqual(['用户住在成都武侯']);
  });

  it('shows the profile part in the score breakdown', () => {
    const [first] = selectForInjection(chengduStore(), '这个周末带孩子在本地去哪里玩比较好？', {
      site: null,
      now: NOW,
      budgetTokens: BUDGET,
      privacyPatterns: [],
    }).items.filter((i) => i.memory.content.includes('成都'));
    expect(first?.parts.profile).toBeGreaterThan(0);
  });
});

describe('relative cut-off', () => {
  it('keeps real but weaker matches when the block has room', () => {
    const index = indexOf(
      memory({ content: 'User plays the violin every evening and practises violin scales daily on the violin' }),
      memory({ content: 'User bought a new violin case' }),
      memory({ content: 'User is saving for a violin bow' }),
      memory({ content: 'User grows tomatoes on the balcony' }),
    );
    const got = injected(index, 'violin practice tips');
    expect(got).toHaveLength(3);
    expect(got).not.toContain('User grows tomatoes on the balcony');
  });
});
