import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../lib/memory/types';
import { groupSimilar, MAX_GROUP_SIZE, type TidyGroup } from '../../../lib/tidy/group';
import { memory } from '../helpers';

/** Unrelated memories around the pairs under test, so that rarity means what it does in a store. */
const BACKGROUND: MemoryRecord[] = [
  memory({ content: 'User prefers answers in bullet points', type: 'preference' }),
  memory({ content: 'User runs a half marathon every spring', type: 'fact' }),
  memory({ content: 'User is learning Japanese with a tutor on Tuesdays', type: 'fact' }),
  memory({ content: 'User rejected MongoDB for the invoicing service', type: 'conclusion' }),
  memory({ content: 'Renew the car insurance before the end of June', type: 'task' }),
  memory({ content: 'User plays the cello in a community orchestra', type: 'fact' }),
  memory({ content: 'User wants code samples in TypeScript', type: 'preference' }),
  memory({ content: '用户每周六上午去游泳', type: 'fact' }),
  memory({ content: '用户晚饭后散步半小时', type: 'preference' }),
  memory({ content: '用户在学吉他，每周练三次', type: 'task' }),
  memory({ content: '用户决定不买电动车，先坐地铁', type: 'conclusion' }),
  memory({ content: 'User keeps a vegetable garden on the balcony', type: 'fact' }),
  memory({ content: 'User has two kids, aged 6 and 9', type: 'fact' }),
  memory({ content: 'Migrate the blog from Jekyll to Astro', type: 'task' }),
  memory({ content: 'User reads science fiction before bed', type: 'preference' }),
];

function groupOf(groups: readonly TidyGroup[], id: string): TidyGroup | undefined {
  return groups.find((g) => g.ids.includes(id));
}

function together(groups: readonly TidyGroup[], a: MemoryRecord, b: MemoryRecord): TidyGroup | undefined {
  const g = groupOf(groups, a.id);
  return g?.ids.includes(b.id) ? g : undefined;
}

describe('groupSimilar', () => {
  it('bounds every group, even over 1,000 memories written from templates, ten per fact', () => {
    // 100 facts (a weekly meeting with one person about one area), each written ten ways in
    // English and Chinese: every fact wants a group of 10, the bound allows 8.
    const heads = ['Ash', 'Bel', 'Cor', 'Dun', 'El', 'Fen', 'Gar', 'Hol', 'Ive', 'Jun'];
    const tails = ['ford', 'ton', 'by', 'wick', 'mouth', 'ham', 'stead', 'field', 'port', 'dale'];
    const areas: [string, string][] = [
      ['billing', '计费'],
      ['search', '搜索'],
      ['export', '导出'],
      ['audit', '审计'],
      ['mobile', '移动端'],
    ];
    const wordings = [
      (who: string, [en]: [string, string]) => `Weekly sync with ${who} about the ${en} dashboard`,
      (who: string, [en]: [string, string]) => `Meets ${who} every week about the ${en} dashboard`,
      (who: string, [en]: [string, string]) => `Has a weekly ${en} dashboard sync with ${who}`,
      (who: string, [en]: [string, string]) => `Weekly ${en} dashboard check-in with ${who}`,
      (who: string, [en]: [string, string]) => `Talks through the ${en} dashboard with ${who} each week`,
      (who: string, [, zh]: [string, string]) => `每周和${who}同步${zh}仪表盘`,
      (who: string, [, zh]: [string, string]) => `每周跟${who}开${zh}仪表盘的会`,
      (who: string, [, zh]: [string, string]) => `用户每周与${who}讨论${zh}仪表盘`,
      (who: string, [, zh]: [string, string]) => `${zh}仪表盘周会，和${who}一起`,
      (who: string, [, zh]: [string, string]) => `用户每周找${who}过一遍${zh}仪表盘`,
    ];
    const store: MemoryRecord[] = [];
    for (const [h, head] of heads.entries())
      for (const [t, tail] of tails.entries()) {
        const who = head + tail;
        const area = areas[(h + t) % areas.length]!;
        for (const write of wordings)
          store.push(
            memory({
              content: write(who, area),
              type: 'task',
              keywords: ['meeting', '会议', who, area[0], area[1], 'dashboard', '仪表盘'],
            }),
          );
      }
    expect(store).toHaveLength(1000);
    const groups = groupSimilar(store);
    expect(MAX_GROUP_SIZE).toBeGreaterThanOrEqual(2);
    expect(MAX_GROUP_SIZE).toBeLessThanOrEqual(8);
    expect(Math.max(0, ...groups.map((g) => g.ids.length))).toBeLessThanOrEqual(MAX_GROUP_SIZE);
    // A memory is in one group at most: the groups are a partition of what they hold.
    const ids = groups.flatMap((g) => g.ids);
    expect(new Set(ids).size).toBe(ids.length);
    // The bound cuts each fact's group at 8; the grouping still finds them (the two left out of
    // each wait for the next tidy-up, when the 8 are one memory).
    expect(ids.length).toBeGreaterThanOrEqual(800);
    const factOf = new Map(store.map((m, i) => [m.id, Math.floor(i / wordings.length)]));
    for (const g of groups) expect(new Set(g.ids.map((id) => factOf.get(id))).size, g.ids.join()).toBe(1);
  });

  it('bounds the groups of many statements of one single-valued fact, as contradictions', () => {
    const heads = ['Ash', 'Bel', 'Cor', 'Dun', 'El', 'Fen', 'Gar', 'Hol', 'Ive', 'Jun'];
    const tails = ['ford', 'ton', 'by', 'wick', 'mouth', 'ham', 'stead', 'field', 'port', 'dale'];
    const verbs = ['lives in', 'moved to', 'is based in'];
    const store = verbs.flatMap((verb, v) =>
      heads.flatMap((head, h) =>
        tails.map((tail, t) =>
          memory(
            { content: `User ${verb} ${head}${tail}` },
            { createdAt: new Date(Date.UTC(2026, 0, 1 + v * 100 + h * 10 + t)).toISOString() },
          ),
        ),
      ),
    );
    const groups = groupSimilar(store);
    expect(groups.length).toBeGreaterThan(0);
    expect(Math.max(...groups.map((g) => g.ids.length))).toBeLessThanOrEqual(MAX_GROUP_SIZE);
    expect(new Set(groups.map((g) => g.kind))).toEqual(new Set(['contradiction']));
  });

  it('groups a paraphrase, without keywords', () => {
    const a = memory({ content: "User's daughter Mei starts primary school in September 2026" });
    const b = memory({ content: "Mei, the user's daughter, begins primary school in September 2026" });
    const groups = groupSimilar([...BACKGROUND, a, b]);
    expect(together(groups, a, b)?.kind).toBe('duplicates');
  });

  it('groups an English/Chinese translation through the keywords in the other language', () => {
    const en = memory({ content: 'User is allergic to shellfish', keywords: ['allergy', 'shellfish', '过敏', '贝类'] });
    const zh = memory({ content: '用户对贝类过敏', keywords: ['过敏', '贝类', 'allergy', 'shellfish', 'health'] });
    const groups = groupSimilar([...BACKGROUND, en, zh]);
    expect(together(groups, en, zh)?.kind).toBe('duplicates');
  });

  it('does not group look-alikes about other entities or other identifiers', () => {
    const looks: [MemoryRecord, MemoryRecord][] = [
      [
        memory({ content: 'Team standup with Priya about the billing dashboard on Monday', type: 'task' }),
        memory({ content: 'Team standup with Tomas about the billing dashboard on Monday', type: 'task' }),
      ],
      [
        memory({ content: 'Reported bug #4821 in the export dialog', type: 'task' }),
        memory({ content: 'Reported bug #5117 in the export dialog', type: 'task' }),
      ],
      [
        memory({ content: "User's dog is called Rex", keywords: ['pet', 'dog', 'Rex', '宠物', '狗'] }),
        memory({ content: 'User is called Rex', keywords: ['name', 'Rex', '称呼', '名字'] }),
      ],
      [
        memory({ content: '用户的同事小王住在杭州', keywords: ['同事', '小王', 'colleague', 'Hangzhou', '杭州'] }),
        memory({ content: '用户的同事小李住在杭州', keywords: ['同事', '小李', 'colleague', 'Hangzhou', '杭州'] }),
      ],
    ];
    const groups = groupSimilar([...BACKGROUND, ...looks.flat()]);
    for (const [a, b] of looks) expect(together(groups, a, b), `${a.content} / ${b.content}`).toBeUndefined();
  });

  it('groups a moved city with the old one as a contradiction, in English and in Chinese', () => {
    // The flat number says nothing against the move: a number or identifier on one side only.
    const before = memory({ content: 'User lives in Chengdu, flat B12' });
    const after = memory({ content: 'User moved to Hangzhou last month' });
    const zhBefore = memory({ content: '用户住在深圳' });
    const zhAfter = memory({ content: '用户搬到厦门了' });
    const groups = groupSimilar([...BACKGROUND, before, after, zhBefore, zhAfter]);
    expect(together(groups, before, after)?.kind).toBe('contradiction');
    expect(together(groups, zhBefore, zhAfter)).toBeDefined();
    expect(together(groups, zhBefore, zhAfter)?.kind).toBe('contradiction');
  });

  it('never groups memories of two spaces: a merge or a replacement would move text between them', () => {
    const home = memory({ content: 'User lives in Chengdu, flat B12' }, { space: 'sp-home' });
    const work = memory({ content: 'User moved to Hangzhou last month' }, { space: 'sp-work' });
    const dupHome = memory({ content: "User's daughter Mei starts primary school in September 2026" });
    const dupWork = memory(
      { content: "Mei, the user's daughter, begins primary school in September 2026" },
      { space: 'sp-work' },
    );
    const groups = groupSimilar([...BACKGROUND, home, work, dupHome, dupWork]);
    expect(together(groups, home, work)).toBeUndefined();
    expect(together(groups, dupHome, dupWork)).toBeUndefined();
    // The same pairs within one space are grouped (the test above shows it without spaces).
    const sameSpace = groupSimilar([...BACKGROUND, home, { ...work, space: 'sp-home' }]);
    expect(together(sameSpace, home, work)?.kind).toBe('contradiction');
  });

  it("reads a named person's statements as theirs, not as the user's", () => {
    const people = [
      memory({ content: 'User met Maria at the climbing gym' }),
      memory({ content: "User's neighbour John fixes bikes" }),
    ];
    const maria = memory({ content: 'Maria joined a climbing team' });
    const john = memory({ content: 'John joined the volunteer fire brigade' });
    const before = memory({ content: 'Maria lives in Lyon' });
    const after = memory({ content: 'Maria moved to Porto' });
    const user = memory({ content: 'User lives in Chengdu' });
    const groups = groupSimilar([...BACKGROUND, ...people, maria, john, before, after, user]);
    expect(together(groups, maria, john)).toBeUndefined();
    expect(together(groups, before, after)?.kind).toBe('contradiction');
    expect(groupOf(groups, user.id)).toBeUndefined();
  });

  it('returns no groups for an empty store or a single memory', () => {
    expect(groupSimilar([])).toEqual([]);
    expect(groupSimilar([memory({ content: 'User lives in Chengdu' })])).toEqual([]);
  });

  it('groups Chinese-only and mixed-script paraphrases, and leaves the rest alone', () => {
    // Keywords as the model gives them for one fact: the same terms, one left out on one side.
    const zhA = memory({
      content: '用户的女儿小美九月上小学',
      keywords: ['女儿', '小美', '小学', 'daughter', 'school'],
    });
    const zhB = memory({ content: '小美是用户的女儿，九月开始上小学', keywords: ['小美', '女儿', '小学', 'daughter'] });
    const mixA = memory({
      content: '用户用 Neovim 写 Rust 代码',
      type: 'preference',
      keywords: ['编辑器', 'Neovim', 'Rust', 'editor'],
    });
    const mixB = memory({
      content: '用户写 Rust 代码时用 Neovim',
      type: 'preference',
      keywords: ['Neovim', 'Rust', '编辑器'],
    });
    const groups = groupSimilar([...BACKGROUND, zhA, zhB, mixA, mixB]);
    expect(together(groups, zhA, zhB)).toBeDefined();
    expect(together(groups, mixA, mixB)).toBeDefined();
    for (const m of BACKGROUND) expect(groupOf(groups, m.id), m.content).toBeUndefined();
  });

  it('groups only active memories', () => {
    const active = memory({ content: 'User is allergic to shellfish' });
    const others = (['proposed', 'superseded', 'archived', 'expired'] as const).map((status) =>
      memory({ content: 'User is allergic to shellfish', type: 'fact' }, { status }),
    );
    expect(groupSimilar([...BACKGROUND, active, ...others])).toEqual([]);
    const twin = memory({ content: 'User is allergic to shellfish!' });
    const groups = groupSimilar([...BACKGROUND, active, twin, ...others]);
    expect(groups.map((g) => g.ids)).toEqual([[active.id, twin.id].sort()].map((ids) => expect.arrayContaining(ids)));
    expect(groups.flatMap((g) => g.ids)).toHaveLength(2);
  });
});
