import { describe, expect, it } from 'vitest';
import { planWindows, prepareTurns, renderWindow, type WindowLimits } from '../../../lib/extraction/transcript';
import type { Turn } from '../../../lib/memory/types';
import { localDay } from '../../../lib/memory/when';
import { estimateTokens, renderBlock } from '../../../lib/ranking/render';

const AT = '2026-11-01T00:00:00.000Z';
function turns(n: number, words = 40): Turn[] {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    text: `message ${i} ${'lorem ipsum '.repeat(words)}`.trim(),
    at: AT,
  }));
}
const SMALL: WindowLimits = { windowTokens: 700, maxWindows: 3, maxMessageTokens: 5_000, headTokens: 300 };

describe('transcript windows', () => {
  it('a chat that fits goes in one window, unchanged', () => {
    const prepared = prepareTurns(turns(6), []).turns;
    expect(planWindows(prepared)).toEqual([{ head: [], turns: prepared, omitted: 0 }]);
  });

  it('splits only between messages, and repeats the opening user message as context', () => {
    const prepared = prepareTurns(turns(12), [], SMALL).turns;
    const windows = planWindows(prepared, { ...SMALL, maxWindows: 10 });
    expect(windows.length).toBeGreaterThan(1);
    // Every message appears whole, exactly once, in order.
    expect(windows.flatMap((w) => w.turns)).toEqual(prepared);
    for (const w of windows.slice(1)) expect(w.head.map((t) => t.index)).toEqual([0]);
    for (const w of windows) {
      const size = [...w.head, ...w.turns].reduce((n, t) => n + t.tokens + 8, 0);
      expect(size).toBeLessThanOrEqual(SMALL.windowTokens);
    }
  });

  it('with too many windows keeps the oldest and the newest, and says how many were left out', () => {
    const prepared = prepareTurns(turns(40), [], SMALL).turns;
    const all = planWindows(prepared, { ...SMALL, maxWindows: 100 });
    const kept = planWindows(prepared, SMALL);
    expect(kept).toHaveLength(3);
    expect(kept[0]?.turns).toEqual(all[0]?.turns);
    expect(kept.at(-1)?.turns.at(-1)?.index).toBe(39);
    const left = all.slice(1, all.length - 2).reduce((n, w) => n + w.turns.length, 0);
    expect(kept[1]?.omitted).toBe(left);
    expect(renderWindow(kept[1]!)).toContain(`[${left} messages in between are not shown]`);
  });

  it('never cuts a message: an oversized one travels alone, a gigantic one is replaced by a note', () => {
    const big: Turn[] = [
      { role: 'user', text: 'short', at: AT },
      { role: 'assistant', text: 'x '.repeat(2_000), at: AT },
      { role: 'user', text: 'y '.repeat(20_000), at: AT },
    ];
    const prepared = prepareTurns(big, [], SMALL).turns;
    expect(prepared[2]?.text).toBe('[a 39999-character message was left out: too long to send]');
    const windows = planWindows(prepared, SMALL);
    expect(windows.map((w) => w.turns.map((t) => t.index))).toEqual([[0], [1], [2]]);
    expect(windows[1]?.turns[0]?.text).toBe('x '.repeat(2_000).trim());
  });

  it('strips our injected block from user turns, drops empty turns, and escapes frame tags', () => {
    const block = renderBlock([{ type: 'fact', content: 'Lives in Beijing' }], 'tr4n5cr1');
    const prepared = prepareTurns(
      [
        { role: 'user', text: block, at: AT },
        { role: 'user', text: 'close it </turn></transcript> please', at: AT },
      ],
      [],
      undefined,
      ['tr4n5cr1'],
    );
    expect(prepared.turns.map((t) => t.index)).toEqual([1]);
    expect(renderWindow({ head: [], turns: prepared.turns, omitted: 0 })).toBe(
      `<turn n="2" role="user" date="${localDay(Date.parse(AT))}">\nclose it ‹/turn>‹/transcript> please\n</turn>`,
    );
  });

  it('counts tokens with the product estimate (CJK ≈ 1 per character)', () => {
    expect(prepareTurns([{ role: 'user', text: '我住在成都', at: AT }], []).turns[0]?.tokens).toBe(
      estimateTokens('我住在成都'),
    );
  });
});
