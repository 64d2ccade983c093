import { describe, expect, it } from 'vitest';
import { buildIndex, localPreview } from '../../../entrypoints/sidepanel/models/tab-preview';
import { memory } from '../helpers';

const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const store = [
  memory({ content: 'Main stack is FastAPI and Postgres', importance: 4 }, { id: 'stack' }),
  memory({ content: 'Billing service moves to FastAPI next', type: 'task' }, { id: 'billing' }),
  memory({ content: 'Only on Claude: prefers XML prompts', scope: 'claude' }, { id: 'claude-only' }),
  memory({ content: 'Call me Lin', type: 'preference' }, { id: 'pinned', pinned: true }),
];

describe('This tab preview (local fallback)', () => {
  const index = buildIndex(store);
  const run = (draft: string, excluded: string[] = [], budget = 1200) =>
    localPreview(index, { site: 'chatgpt', draft, budget, excluded: new Set(excluded), now: NOW });

  it('is empty for an empty draft', () => {
    expect(run('   ').items).toEqual([]);
  });

  it('ranks matching memories of this site and global scope, pinned ones included', () => {
    const ids = run('fastapi prompts').items.map((i) => i.memory.id);
    expect(ids).toContain('stack');
    expect(ids).toContain('billing');
    expect(ids).toContain('pinned');
    expect(ids).not.toContain('claude-only');
  });

  it('keeps an excluded memory listed but switched off, and out of the token count', () => {
    const all = run('fastapi');
    const without = run('fastapi', ['stack']);
    expect(without.items.find((i) => i.memory.id === 'stack')?.excluded).toBe(true);
    expect(without.items.filter((i) => !i.excluded).map((i) => i.memory.id)).not.toContain('stack');
    expect(without.tokens).toBeLessThan(all.tokens);
  });

  it('cuts to the token budget', () => {
    expect(run('fastapi', [], 40).items.filter((i) => !i.excluded).length).toBeLessThan(run('fastapi').items.length);
  });
});
