/**
 * Fault suite: messages built against the privacy filter, 100,000 characters each (one
 * message's limit). A backtracking pattern took 26.7 s on one of them and a user's
 * exponential pattern never finished; each must now be filtered within the test's timeout,
 * and still redact what it should. The figures print; bench/privacy-scan.ts times them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CATASTROPHIC_PATTERN, CATASTROPHIC_VICTIM, PRIVACY_ATTACKS } from '../../../bench/lib/privacy-attacks';
import { prepareTurns } from '../../../lib/extraction/transcript';
import { compilePatterns, redact } from '../../../lib/privacy/privacy';

const figures = { messages: 0, chars: 0, slowestMs: 0 };

function timed<T>(run: () => T): T {
  const t0 = performance.now();
  const out = run();
  figures.slowestMs = Math.max(figures.slowestMs, performance.now() - t0);
  return out;
}

afterAll(() => {
  console.info(
    `privacy attacks: ${figures.messages} messages, ${figures.chars.toLocaleString('en-US')} characters, slowest ${figures.slowestMs.toFixed(0)} ms (was 26,700 ms for a-a-a… alone)`,
  );
});

describe('messages built against the privacy filter', () => {
  for (const [name, text, keyShaped] of PRIVACY_ATTACKS) {
    it(`${name}: filtered${keyShaped ? ', the key-shaped run redacted' : ', nothing mistaken for a secret'}`, () => {
      const out = timed(() => redact(text));
      figures.messages++;
      figures.chars += text.length;
      // Runs of digits fail their checksums; only the key prefixes look like keys.
      expect(out.hits.length > 0).toBe(keyShaped);
      if (!keyShaped) expect(out.text).toBe(text);
    });
  }

  it('a user pattern that is exponential as a JavaScript RegExp runs in linear time', () => {
    const out = timed(() => redact(CATASTROPHIC_VICTIM, [CATASTROPHIC_PATTERN]));
    figures.messages++;
    figures.chars += CATASTROPHIC_VICTIM.length;
    expect(out.hits).toEqual([]);
    const short = redact('aaaa', [CATASTROPHIC_PATTERN]);
    expect(short.text).toBe('[redacted: mine]');
  });

  it('lookarounds, back-references and oversized user patterns are refused as invalid, not run', () => {
    const { finders, invalid } = compilePatterns([
      { label: 'behind', pattern: '(?<=a)b' },
      { label: 'backref', pattern: '(a*)\\1$' },
      { label: 'too big', pattern: 'a{1000}b' },
      { label: 'ok', pattern: '员工号\\d{6}' },
    ]);
    expect(invalid.map((i) => i.label)).toEqual(['behind', 'backref', 'too big']);
    expect(finders).toHaveLength(1);
  });

  it('the transcript of a chat of such messages is prepared, with the secret among them redacted', () => {
    const key = 'sk-ant-api03-abcdefghijklmnopqrstuv';
    const turns = PRIVACY_ATTACKS.slice(0, 4).map(([, text], i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      text: i === 0 ? `${text.slice(0, 50_000)} ${key} ${text.slice(50_000)}` : text,
      at: '2026-11-30T00:00:00.000Z',
    }));
    const prepared = timed(() => prepareTurns(turns, [CATASTROPHIC_PATTERN]));
    figures.messages += turns.length;
    const sent = prepared.turns.map((t) => t.text).join('');
    expect(sent).not.toContain(key);
    expect(sent).toContain('[redacted: API key or token]');
  });
});
