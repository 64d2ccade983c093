/**
 * Whatever a page puts between a secret's characters (invisible format characters, soft
 * hyphens, runs of whitespace, line breaks) and whatever digit forms it writes it in
 * (full-width, Arabic-Indic, Devanagari…), the text that leaves reads back without the secret:
 * random forms around every built-in pattern and a custom one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leavingLine, leavingText } from '../../../lib/privacy/leaving';
import type { PrivacyPattern } from '../../../lib/settings/schema';
import { readBack } from './read-back';

const CUSTOM: PrivacyPattern = { label: 'project', pattern: 'falcon-[0-9]{4}' };

/** Secrets every built-in finder must catch, and the custom one. */
const SECRETS = [
  '4111111111111111', // a card passing Luhn
  '5500005555555559',
  '11010519491231002X', // an 18-digit Chinese ID number
  'sk-ant-api03-Zq8vR2mW-Lx7pT4nY-Kc9bHs3e',
  'falcon-2024',
];

/** Characters a reader (or NFKC, or the block) drops or folds. */
const SPLITTERS = ['\u200b', '\u200d', '\u00ad', '\u202e', '\t', '  ', '\n', ' ', '\u3000'];
/** Characters no reader sees. */
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
/** Zero in each of a few decimal digit systems. */
const DIGIT_ZEROS = [0x30, 0xff10, 0x660, 0x6f0, 0x966, 0x9e6, 0x1d7ce];

const written = fc
  .record({
    secret: fc.constantFrom(...SECRETS),
    zero: fc.constantFrom(...DIGIT_ZEROS),
    seps: fc.array(fc.constantFrom('', '', ...SPLITTERS), { minLength: 40, maxLength: 40 }),
    hidden: fc.array(fc.constantFrom('', '', ...INVISIBLE), { minLength: 40, maxLength: 40 }),
    before: fc.constantFrom('', 'my card is ', '我的卡号是', 'key: ', 'codename '),
    after: fc.constantFrom('', ' thanks', '，谢谢', ' on file.'),
  })
  .map(({ secret, zero, seps, hidden, before, after }) => {
    const chars = [...secret].map((c) => (/[0-9]/.test(c) ? String.fromCodePoint(zero + Number(c)) : c));
    // In a number any separator (a card is still a card with spaces in it); in a key or a
    // word only what a reader does not see, since a visible space inside a key is not that key.
    const body = chars
      .map((c, i) => {
        if (i === 0) return c;
        const digits = /^[0-9]+X?$/.test(secret) && /[0-9]/.test(secret[i - 1] ?? '');
        return (digits ? (seps[i] ?? '') : (hidden[i] ?? '')) + c;
      })
      .join('');
    return { secret, text: before + body + after };
  });

describe('the text that leaves holds no secret, whatever its characters', () => {
  it('leavingText (transcripts) and leavingLine (block, excerpts, tools)', () => {
    fc.assert(
      fc.property(written, ({ secret, text }) => {
        const target = readBack(secret);
        expect(readBack(leavingText(text, [CUSTOM]).text)).not.toContain(target);
        expect(readBack(leavingLine(text, [CUSTOM]))).not.toContain(target);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the words around the secret', () => {
    const out = leavingLine('我的卡号是４１１１ １１１１ １１１１ １１１１，谢谢', []);
    expect(out).toContain('我的卡号是');
    expect(out).toContain('谢谢');
  });
});
