/** The call bound: per client per minute, and for all clients together. */
import { describe, expect, it } from 'vitest';
import { CallBudget } from '../../../lib/bridge/budget';

describe('call budget', () => {
  it('allows n calls a minute per client, then refuses until the window slides', () => {
    const b = new CallBudget(3, 100);
    expect([0, 1, 2, 3].map((t) => b.take('cursor', t))).toEqual([true, true, true, false]);
    expect(b.take('claude', 4)).toBe(true);
    expect(b.take('cursor', 59_999)).toBe(false);
    expect(b.take('cursor', 60_001)).toBe(true);
  });

  it('bounds all clients together, so inventing names does not help', () => {
    const b = new CallBudget(3, 5);
    const taken = Array.from({ length: 10 }, (_, i) => b.take(`client-${i}`, i)).filter(Boolean);
    expect(taken).toHaveLength(5);
  });
});
