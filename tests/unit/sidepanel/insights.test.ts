import { describe, expect, it } from 'vitest';
import { heatOf, heatView, hitSeries, typeSeries } from '../../../entrypoints/sidepanel/models/insights';
import type { Injection } from '../../../lib/memory/types';
import { memory } from '../helpers';

const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

describe('insights series', () => {
  it('counts memories of each type as a running total per UTC day', () => {
    const all = [
      memory({ content: 'a', type: 'fact' }, { createdAt: ago(2) }),
      memory({ content: 'b', type: 'fact' }, { createdAt: ago(1) }),
      memory({ content: 'c', type: 'task' }, { createdAt: ago(0) }),
    ];
    const s = typeSeries(all, NOW);
    expect(s.x).toHaveLength(14);
    expect(s.y.fact.slice(-3)).toEqual([1, 2, 2]);
    expect(s.y.task.slice(-3)).toEqual([0, 0, 1]);
    expect(s.y.preference.every((n) => n === 0)).toBe(true);
  });

  it('caps the axis at 180 days, counting older memories from its first day', () => {
    const s = typeSeries([memory({ content: 'old' }, { createdAt: ago(400) })], NOW);
    expect(s.x).toHaveLength(180);
    expect(s.y.fact[0]).toBe(1);
  });

  it('counts memory uses and injections per day', () => {
    const log = [ago(1), ago(1), ago(0)].map(
      (at, i) => ({ id: `i${i}`, at, items: [{}, {}].slice(0, i + 1) }) as unknown as Injection,
    );
    const s = hitSeries(log, NOW);
    expect(s.y.injections.slice(-2)).toEqual([2, 1]);
    expect(s.y.hits.slice(-2)).toEqual([3, 2]);
    expect(s.y.hits.slice(0, -2).every((n) => n === 0)).toBe(true);
  });

  it('heats memories by hits and cools them with time since the last one', () => {
    const hot = memory({ content: 'hot' }, { hitCount: 10, lastHitAt: ago(0) });
    const cooling = memory({ content: 'cooling' }, { hitCount: 12, lastHitAt: ago(30) });
    const never = memory({ content: 'never' });
    const expired = memory({ content: 'gone' }, { status: 'expired', hitCount: 50, lastHitAt: ago(0) });
    expect(heatOf(never, NOW)).toBe(0);
    expect(heatOf(hot, NOW)).toBeGreaterThan(heatOf(cooling, NOW));
    const v = heatView([hot, cooling, never, expired], NOW);
    expect(v.cells.map((c) => c.memory.content)).toEqual(['hot', 'cooling', 'never']);
    expect(v.cells[0]?.level).toBe(1);
    expect(v.hot.map((c) => c.memory.content)).toEqual(['hot']);
    expect(v.cooling.map((c) => c.memory.content)).toEqual(['cooling']);
    expect(v.neverUsed).toBe(1);
  });
});
