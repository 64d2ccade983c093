import { describe, expect, it } from 'vitest';
import type { ExtractedMemory } from '../../../lib/extraction/extract-schema';
import { planMerge } from '../../../lib/extraction/merge';
import type { MemoryRecord } from '../../../lib/memory/types';
import { memory } from '../helpers';

const NOW = '2026-11-02T10:00:00.000Z';
const SOURCE = { site: 'chatgpt', url: 'https://chatgpt.com/c/1', chatId: 'chatgpt:1' };

function plan(active: MemoryRecord[], items: ExtractedMemory[], aliases: [string, string][] = []) {
  return planMerge(items, { active, aliases: new Map(aliases), source: SOURCE, patterns: [], now: NOW });
}

describe('planMerge', () => {
  it('adds new memories with source, tags and the answer time', () => {
    const p = plan([], [{ op: 'add', content: ' Uses Go and React ', type: 'fact', importance: 4 }]);
    expect(p.stats).toMatchObject({ added: 1 });
    expect(p.writes[0]).toMatchObject({
      content: 'Uses Go and React',
      source: SOURCE,
      createdAt: NOW,
      status: 'active',
    });
    expect(p.writes[0]?.tags).toContain('react');
  });

  it('update <alias> changes the target and keeps its old text as a version in its history', () => {
    const old = memory({ content: 'Works on the billing service', type: 'fact' });
    const p = plan(
      [old],
      [
        {
          op: 'update',
          target: 'm1',
          content: 'Leads the billing service migration to FastAPI',
          type: 'fact',
          importance: 5,
        },
      ],
      [['m1', old.id]],
    );
    expect(p.stats).toMatchObject({ updated: 1, proposed: 0 });
    const changed = p.writes.find((m) => m.id === old.id);
    expect(changed).toMatchObject({
      content: 'Leads the billing service migration to FastAPI',
      importance: 5,
      updatedAt: NOW,
      status: 'active',
      source: SOURCE,
      origin: { kind: 'sent' },
    });
    const version = p.writes.find((m) => m.id !== old.id);
    expect(version).toMatchObject({
      content: 'Works on the billing service',
      status: 'superseded',
      supersededBy: old.id,
      source: old.source,
    });
  });

  it('a restatement of a known memory is already known, whatever op the model chose', () => {
    const old = memory(
      { content: 'User works as a senior backend engineer at a logistics company (Go and TypeScript).' },
      { origin: { kind: 'hand' } },
    );
    const p = plan(
      [old],
      [
        {
          op: 'update',
          target: 'm1',
          content: 'User works as a senior backend engineer at a logistics company (Go, TypeScript)',
          type: 'fact',
          importance: 4,
        },
        {
          op: 'add',
          content: 'user works as a senior backend engineer at a logistics company',
          type: 'fact',
          importance: 5,
        },
      ],
      [['m1', old.id]],
    );
    expect(p.stats).toMatchObject({ unchanged: 2, updated: 0, proposed: 0 });
    expect(p.writes).toEqual([]);
  });

  it('supersede <full id> retires the target and links it to its successor', () => {
    const old = memory({ content: 'Works at Stripe' });
    const p = plan(
      [old],
      [{ op: 'supersede', target: old.id, content: 'Works at Shopify', type: 'fact', importance: 4 }],
      [['m1', old.id]],
    );
    const fresh = p.writes.find((m) => m.content === 'Works at Shopify');
    expect(p.writes.find((m) => m.id === old.id)).toMatchObject({ status: 'superseded', supersededBy: fresh?.id });
  });

  it('an unknown target is treated as an add and still de-duplicated', () => {
    const old = memory({ content: 'Lives in Chengdu' });
    const p = plan([old], [{ op: 'update', target: 'm9', content: 'Lives in Chengdu.', type: 'fact', importance: 3 }]);
    expect(p.stats).toMatchObject({ added: 0, unchanged: 1 });
  });

  it('two items of one answer saying the same thing end up as one memory', () => {
    const p = plan(
      [],
      [
        { op: 'add', content: '用户住在成都', type: 'fact', importance: 3 },
        { op: 'add', content: '住在成都', type: 'fact', importance: 4 },
      ],
    );
    // The second is a restatement of the first; a memory made by this answer may take its importance.
    expect(p.writes).toHaveLength(1);
    expect(p.writes[0]).toMatchObject({ content: '用户住在成都', importance: 4 });
  });

  it('facts keep their newest version active', () => {
    const old = memory({ content: '住在北京', type: 'fact' });
    const p = plan([old], [{ op: 'add', content: '搬到成都了', type: 'fact', importance: 4 }]);
    expect(p.writes.filter((m) => m.status === 'active').map((m) => m.content)).toEqual(['搬到成都了']);
  });

  it('only compares memories of the same type', () => {
    const old = memory({ content: 'Release v2.3 planned for May 3', type: 'task' });
    const p = plan(
      [old],
      [{ op: 'add', content: 'Release v2.3 planned for May 3', type: 'conclusion', importance: 3 }],
    );
    expect(p.stats.added).toBe(1);
  });

  it('drops items the privacy filter catches, and reports only the label', () => {
    const p = plan(
      [],
      [
        { op: 'add', content: 'ID number 11010519491231002X', type: 'fact', importance: 5 },
        { op: 'add', content: 'Password for the router is in the drawer', type: 'fact', importance: 2 },
      ],
    );
    expect(p.writes).toEqual([]);
    expect(p.droppedLabels).toEqual(['ID number', 'password line']);
  });
});
