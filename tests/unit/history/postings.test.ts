/** Packed postings round-trip, stay about a byte per entry, and merge without dropped chats. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketEntries,
  encodeBucket,
  findInBucket,
  termBytes,
  utf8Length,
  writeUtf8,
} from '../../../lib/history/buckets';
import { decodePostings, encodePostings, mergePostings, type Posting } from '../../../lib/history/postings';
import { fold, parseQuery } from '../../../lib/history/query';
import { holdsPhrases } from '../../../lib/history/snippet';
import { decodeTerm } from '../../../lib/history/turn-lists';

const sorted = (list: Posting[]) => {
  const byKey = new Map(list.map((p) => [`${p.chat}:${p.turn}`, p]));
  return [...byKey.values()].sort((a, b) => a.chat - b.chat || a.turn - b.turn);
};

const postings = fc
  .array(
    fc.record({
      chat: fc.integer({ min: 1, max: 3_000_000 }),
      turn: fc.integer({ min: 0, max: 5_000 }),
      tf: fc.integer({ min: 1, max: 100_000 }),
    }),
    { maxLength: 300 },
  )
  .map(sorted);

describe('postings', () => {
  it('round-trip any sorted list', () => {
    fc.assert(
      fc.property(postings, (list) => {
        expect(decodePostings(encodePostings(list))).toEqual(list);
      }),
    );
  });

  it('cost about one byte per turn in a chat with many turns holding the term once', () => {
    const list = Array.from({ length: 1000 }, (_, i) => ({ chat: 7, turn: i, tf: 1 }));
    expect(encodePostings(list).length).toBeLessThan(1010);
  });

  it('merge segments, later ones winning, leaving out dropped chats', () => {
    const a = encodePostings([
      { chat: 1, turn: 0, tf: 1 },
      { chat: 2, turn: 3, tf: 2 },
    ]);
    const b = encodePostings([
      { chat: 1, turn: 0, tf: 5 },
      { chat: 3, turn: 1, tf: 1 },
    ]);
    expect(decodePostings(mergePostings([a, b], (n) => n === 2))).toEqual([
      { chat: 1, turn: 0, tf: 5 },
      { chat: 3, turn: 1, tf: 1 },
    ]);
  });
});

describe("a term's turn lists", () => {
  /** What decoding must give: every segment's turns by key, counts of a turn in two summed. */
  const expected = (segments: Posting[][]) => {
    const byKey = new Map<number, number>();
    for (const p of segments.flat()) {
      const key = p.chat * 1_048_576 + p.turn;
      byKey.set(key, (byKey.get(key) ?? 0) + p.tf);
    }
    const keys = [...byKey.keys()].sort((a, b) => a - b);
    return { keys, tfs: keys.map((k) => byKey.get(k)!) };
  };

  it('decode any segments, in order or overlapping, as decoding each posting would', () => {
    fc.assert(
      fc.property(fc.array(postings, { maxLength: 6 }), (segments) => {
        const list = decodeTerm(segments.map(encodePostings));
        expect({ keys: [...list.keys], tfs: [...list.tfs] }).toEqual(expected(segments));
      }),
    );
  });

  it('decode segments of later chats without re-sorting, and arrays no larger than the turns', () => {
    const first = Array.from({ length: 500 }, (_, i) => ({
      chat: 1 + Math.floor(i / 20),
      turn: i % 20,
      tf: 1 + (i % 7),
    }));
    const second = first.map((p) => ({ ...p, chat: p.chat + 200_000 }));
    const list = decodeTerm([encodePostings(first), encodePostings(second)]);
    expect(list.keys.length).toBe(1000);
    expect(list.keys.buffer.byteLength).toBe(8000);
    expect({ keys: [...list.keys], tfs: [...list.tfs] }).toEqual(expected([first, second]));
  });

  it('refuse a list cut inside a number rather than read past it', () => {
    const bytes = encodePostings([{ chat: 300, turn: 200, tf: 9 }]);
    expect(() => decodeTerm([bytes.subarray(0, bytes.length - 1)])).toThrow(RangeError);
  });
});

describe('bucket rows', () => {
  it('write terms as TextEncoder would, astral characters and lone surrogates included', () => {
    const enc = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const out = new Uint8Array(utf8Length(s));
        expect(writeUtf8(out, 0, s)).toBe(out.length);
        expect([...out]).toEqual([...enc.encode(s)]);
      }),
    );
    for (const s of ['学习', '𠀋字', 'a\ud800b', '\udc00', 'é']) expect(utf8Length(s)).toBe(enc.encode(s).length);
  });

  it('find each term of a row and nothing else', () => {
    const terms = ['学习', '𠀋', 'feed', 'é'];
    const row = encodeBucket(terms.map((t, i) => [t, encodePostings([{ chat: i + 1, turn: 0, tf: 1 }])]));
    terms.forEach((t, i) => {
      expect(decodePostings(findInBucket(row, termBytes(t))!)).toEqual([{ chat: i + 1, turn: 0, tf: 1 }]);
    });
    expect(findInBucket(row, termBytes('学'))).toBeNull();
    expect([...bucketEntries(row)].map(([t]) => t)).toEqual(terms);
  });
});

describe('phrase check', () => {
  it('gives what folding the whole turn gives, for ASCII and other turns', () => {
    const texts = fc.string({
      unit: fc.constantFrom('a', 'B', ' ', '\n', '\t', 'ｂ', 'é', 'e\u0301', '\u00a0', 'ﬁ', 'x'),
    });
    fc.assert(
      fc.property(texts, texts, (text, phrase) => {
        const query = parseQuery(`"${phrase.replace(/"/g, '')}"`);
        expect(holdsPhrases(text, query)).toBe(query.phrases.every((p) => fold(text).includes(p)));
      }),
    );
  });
});
