/** Size bounds on what a page can have stored: cut with a visible marker, never dropped. */
import { describe, expect, it } from 'vitest';
import { boundTurns, MAX_CHAT_CHARS, MAX_CHAT_TURNS, MAX_TURN_CHARS } from '../../../lib/sites/bounds';

const turn = (text: string, role: 'user' | 'assistant' = 'user') => ({ role, text });

describe('boundTurns', () => {
  it('keeps real chats as they are, long pasted code included', () => {
    const code = 'function f(x) { return x * 2; }\n'.repeat(2_000); // ~66k characters
    const turns = [turn(code), turn('Here is the fix.', 'assistant')];
    expect(boundTurns(turns)).toEqual(turns);
  });

  it('cuts a 200,000-character message with a marker saying how long it was', () => {
    const [cut] = boundTurns([turn('x'.repeat(200_000))]);
    expect(cut!.text).toHaveLength(MAX_TURN_CHARS);
    expect(cut!.text.startsWith('x'.repeat(MAX_TURN_CHARS - 200))).toBe(true);
    expect(cut!.text).toMatch(
      /\n\[claude-mem: message cut here; it has 200,000 characters, only the first 100,000 are kept\]$/,
    );
  });

  it('stops a 5,000-turn chat at the turn bound, marking the last kept turn', () => {
    const turns = Array.from({ length: 5_000 }, (_, i) => turn(`message ${i}`, i % 2 ? 'assistant' : 'user'));
    const out = boundTurns(turns);
    expect(out).toHaveLength(MAX_CHAT_TURNS);
    expect(out.at(-1)!.text).toMatch(/^message 499\n\[claude-mem: this chat is longer than 500 messages/);
    expect(out.slice(0, -1)).toEqual(turns.slice(0, MAX_CHAT_TURNS - 1));
  });

  it('bounds a chat of 5,000 turns × 200,000 characters to its character bound', () => {
    const big = 'y'.repeat(200_000);
    const turns = Array.from({ length: 5_000 }, () => turn(big));
    const out = boundTurns(turns);
    const total = out.reduce((n, t) => n + t.text.length, 0);
    expect(total).toBeLessThanOrEqual(MAX_CHAT_CHARS);
    expect(out.at(-1)!.text).toContain('later messages are not kept');
    expect(boundTurns(out)).toEqual(out);
  });

  it('is stable: bounding twice changes nothing more', () => {
    const turns = Array.from({ length: 700 }, (_, i) => turn(`t${i} ${'z'.repeat(i * 10)}`));
    const once = boundTurns(turns);
    expect(boundTurns(once)).toEqual(once);
  });
});
