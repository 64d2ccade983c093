/**
 * A batch's packed rows hold, for every term, exactly the postings a plain count of each turn
 * gives: through the growth of its tables (many distinct Chinese pairs, millions of postings
 * would be slow here, a few hundred thousand suffice), turns added out of order, and one turn
 * added twice.
 */
import { describe, expect, it } from 'vitest';
import { PostingBatch } from '../../../lib/history/batch';
import { bucketEntries, bucketOf } from '../../../lib/history/buckets';
import { decodePostings, type Posting } from '../../../lib/history/postings';
import { termCounts } from '../../../lib/history/terms';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['harbour', 'lives', 'feeding', 'quiet', 'dawn', "don't", 'running', 'café', '2024', 'x'];

/** A turn of Chinese characters from a range of 3,000 (about as many distinct pairs as characters) and some words. */
function turnText(next: () => number): string {
  let text = '';
  const length = 200 + Math.floor(next() * 400);
  for (let i = 0; i < length; i++) {
    text += String.fromCodePoint(0x4e00 + Math.floor(next() * 3_000));
    if (next() < 0.05) text += ` ${WORDS[Math.floor(next() * WORDS.length)]} `;
  }
  return next() < 0.1 ? `${text} 𠀀𠀁` : text;
}

type Turn = { chat: number; turn: number; text: string };

function expected(turns: readonly Turn[]): Map<string, Posting[]> {
  const byTerm = new Map<string, Map<string, Posting>>();
  for (const { chat, turn, text } of turns) {
    for (const [term, tf] of termCounts(text)) {
      const list = byTerm.get(term) ?? new Map<string, Posting>();
      const key = `${chat}:${turn}`;
      const had = list.get(key);
      list.set(key, { chat, turn, tf: (had?.tf ?? 0) + tf });
      byTerm.set(term, list);
    }
  }
  const out = new Map<string, Posting[]>();
  for (const [term, list] of byTerm) {
    out.set(
      term,
      [...list.values()].sort((a, b) => a.chat - b.chat || a.turn - b.turn),
    );
  }
  return out;
}

async function actual(turns: readonly Turn[]): Promise<Map<string, Posting[]>> {
  const batch = new PostingBatch();
  for (const { chat, turn, text } of turns) batch.addTurn(chat, turn, text);
  const out = new Map<string, Posting[]>();
  for (const row of await batch.rows(null)) {
    for (const [term, bytes] of bucketEntries(row.data)) {
      expect(bucketOf(term), term).toBe(row.bucket);
      expect(out.has(term), term).toBe(false);
      out.set(term, decodePostings(bytes));
    }
  }
  return out;
}

function corpus(seed: number, chats: number): Turn[] {
  const next = random(seed);
  const turns: Turn[] = [];
  for (let chat = 1; chat <= chats; chat++) {
    for (let turn = 0; turn < 8; turn++) turns.push({ chat, turn, text: turnText(next) });
  }
  return turns;
}

describe('a batch of postings', () => {
  it('packs what a plain count of each turn gives, through its tables growing', async () => {
    const turns = corpus(7, 60);
    const want = expected(turns);
    // Enough distinct terms and postings to grow every table of the batch more than once (the
    // CJK table first grows at 32,768 terms, the pool at 131,072 postings).
    expect(want.size).toBeGreaterThan(100_000);
    expect([...want.values()].reduce((n, list) => n + list.length, 0)).toBeGreaterThan(300_000);
    const got = await actual(turns);
    // Compared term by term as text: toEqual over 100,000 lists takes longer than the test may.
    const wrong = [...want].filter(([term, list]) => JSON.stringify(got.get(term)) !== JSON.stringify(list));
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(got.size).toBe(want.size);
  }, 60_000);

  it('gives the same for turns added out of order, and a turn added twice counts as one', async () => {
    const turns = corpus(11, 12);
    const shuffled = [...turns].reverse();
    const next = random(3);
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    expect(await actual(shuffled)).toEqual(expected(turns));
    const twice = [...turns.slice(0, 5), { ...turns[4]!, text: 'quiet harbour 你好' }, ...turns.slice(5)];
    expect(await actual(twice)).toEqual(expected(twice));
    // Two whole packings and deep comparisons of ~20,000 lists: seconds on a loaded machine.
  }, 30_000);
});
