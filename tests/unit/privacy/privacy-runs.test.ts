/**
 * The run scanners find exactly what the regexes they replace found (those regexes are kept
 * here as the reference), on random strings built from the characters that matter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJwts, findMixedRuns, type Span } from '../../../lib/privacy/privacy-runs';

const MIXED = /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g;
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

function byRegex(re: RegExp, text: string): Span[] {
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

const piece = fc.constantFrom(
  'a',
  'Z',
  '7',
  '0',
  '-',
  '_',
  ' ',
  '.',
  'eyJ',
  '..',
  'é',
  '中',
  'abcdefghij',
  '1234567890',
);
const text = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

describe('run scanners match the regexes they replace', () => {
  it('long mixed runs', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(findMixedRuns(t)).toEqual(byRegex(MIXED, t));
      }),
      { numRuns: 3000 },
    );
  });

  it('JWTs', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(findJwts(t)).toEqual(byRegex(JWT, t));
      }),
      { numRuns: 3000 },
    );
  });

  it('real shapes', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
    const key = 'x-9f8e7d6c5b4a39281706f5e4d3c2b1a0-';
    for (const t of [`token ${jwt} end`, `id=${key}.`, `-${key}`, 'a-'.repeat(40)]) {
      expect(findJwts(t)).toEqual(byRegex(JWT, t));
      expect(findMixedRuns(t)).toEqual(byRegex(MIXED, t));
    }
    expect(findJwts(`t ${jwt}`)).toEqual([{ start: 2, end: 2 + jwt.length }]);
  });
});
