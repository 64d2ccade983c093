import { describe, expect, it } from 'vitest';
import { planMerge } from '../../../lib/extraction/merge';
import { cleanKeywords } from '../../../lib/memory/keyword-list';
import type { MemoryRecord } from '../../../lib/memory/types';
import { parseMemoryFile, serializeMemoryFile } from '../../../lib/memory-file/format';
import { MemoryIndex } from '../../../lib/ranking/retrieve';
import { memory } from '../helpers';

const NOW = '2026-11-02T10:00:00.000Z';
const SOURCE = { site: 'chatgpt', url: 'https://chatgpt.com/c/1', chatId: 'chatgpt:1' };
const AT = Date.parse(NOW);

function indexOf(...rows: MemoryRecord[]): MemoryIndex {
  const index = new MemoryIndex();
  for (const r of rows) index.upsert(r);
  return index;
}

const top = (index: MemoryIndex, q: string) => index.rank(q, { site: null, now: AT }).map((r) => r.memory.content);

describe('memory keywords', () => {
  it('are cleaned: trimmed, no repeats, at most 8', () => {
    expect(cleanKeywords([' home city ', 'Home City', '', '居住地'])).toEqual(['home city', '居住地']);
    expect(cleanKeywords(Array.from({ length: 12 }, (_, i) => `k${i}`))).toHaveLength(8);
  });

  it('are stored on add, refreshed on update, and a successor gets its own', () => {
    const old = memory({ content: 'User lives in Beijing' }, { keywords: ['home city', '北京'] });
    const added = planMerge(
      [{ op: 'add', content: '用户对猫毛过敏', type: 'fact', importance: 3, keywords: ['allergy', 'cat'] }],
      {
        active: [],
        aliases: new Map(),
        source: SOURCE,
        patterns: [],
        now: NOW,
      },
    );
    expect(added.writes[0]?.keywords).toEqual(['allergy', 'cat']);
    const ctx = { active: [old], aliases: new Map([['m1', old.id]]), source: SOURCE, patterns: [], now: NOW };
    const updated = planMerge(
      [
        {
          op: 'update',
          target: 'm1',
          content: 'User lives in Beijing, Chaoyang',
          type: 'fact',
          importance: 3,
          keywords: ['home city', '北京朝阳'],
        },
      ],
      ctx,
    );
    expect(updated.writes[0]?.keywords).toEqual(['home city', '北京朝阳']);
    const kept = planMerge(
      [{ op: 'update', target: 'm1', content: 'User lives in Beijing, Chaoyang', type: 'fact', importance: 3 }],
      ctx,
    );
    expect(kept.writes[0]?.keywords).toEqual(['home city', '北京']);
    const moved = planMerge(
      [
        {
          op: 'supersede',
          target: 'm1',
          content: 'User moved to Chengdu',
          type: 'fact',
          importance: 4,
          keywords: ['home city', '成都'],
        },
      ],
      ctx,
    );
    const fresh = moved.writes.find((m) => m.id !== old.id);
    expect(fresh?.keywords).toEqual(['home city', '成都']);
    expect(moved.writes.find((m) => m.id === old.id)?.status).toBe('superseded');
  });

  it('travel through export and import; a file without them still imports', () => {
    const m = memory({ content: '用户住在成都' }, { keywords: ['home city', 'Chengdu'] });
    const plain = memory({ content: 'User likes tea' });
    const text = serializeMemoryFile({ memories: [m, plain] });
    const back = parseMemoryFile(text).memories;
    expect(back.find((x) => x.id === m.id)?.keywords).toEqual(['home city', 'Chengdu']);
    expect(back.find((x) => x.id === plain.id)?.keywords).toBeUndefined();
    expect(JSON.parse(text).memories.find((x: { id: string }) => x.id === plain.id)).not.toHaveProperty('keywords');
    const old = parseMemoryFile(JSON.stringify([{ content: 'User likes tea', type: 'preference' }]));
    expect(old.memories[0]?.keywords).toBeUndefined();
    expect(() =>
      parseMemoryFile(JSON.stringify([{ content: 'x', type: 'fact', keywords: Array(9).fill('k') }])),
    ).toThrow(/keywords/);
  });

  it('let an English request find a Chinese memory, and the reverse', () => {
    const index = indexOf(
      memory({ content: '用户对猫毛过敏' }, { keywords: ['allergy', 'cat allergy', 'cats'] }),
      memory({ content: 'User practises the cello every evening' }, { keywords: ['大提琴', '乐器', 'music'] }),
      memory({ content: '用户在学韩语' }),
    );
    expect(top(index, 'Can I adopt a cat?')[0]).toBe('用户对猫毛过敏');
    expect(top(index, '有什么大提琴曲子值得听')[0]).toBe('User practises the cello every evening');
  });

  it('weigh less than the memory text', () => {
    const index = indexOf(
      memory({ content: 'User keeps bees on the roof' }, { keywords: ['tomatoes', 'garden'] }),
      memory({ content: 'User grows tomatoes on the balcony' }),
    );
    expect(top(index, 'tomatoes')).toEqual(['User grows tomatoes on the balcony', 'User keeps bees on the roof']);
  });

  it('feed the profile kinds: a keyword alone can mark the home city', () => {
    const index = indexOf(
      memory({ content: 'User is based near Chengdu Hi-tech Zone' }, { keywords: ['居住地', 'home city'] }),
      memory({ content: 'User collects stamps' }),
    );
    const ranked = index.rank('周末去哪里玩比较好', { site: null, now: AT });
    expect(ranked[0]?.memory.content).toBe('User is based near Chengdu Hi-tech Zone');
  });
});
