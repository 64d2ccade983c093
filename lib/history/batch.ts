/**
 * Postings of a batch of turns, gathered in memory and written as one segment: one row per
 * term, so indexing a batch costs one write per distinct term rather than one per turn.
 */
import { encodePostings, type Posting } from './postings';
import { termCounts } from './terms';

/** A turn's fingerprint: whether an indexed turn is still the same text (FNV-1a, 32 bits). */
export function turnHash(role: string, text: string): number {
  let h = 0x811c9dc5;
  const s = `${role}\u0000${text}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class PostingBatch {
  private readonly byTerm = new Map<string, Posting[]>();

  /** Adds one turn; turns must be added in order of chat number, then turn. */
  addTurn(chat: number, turn: number, text: string): void {
    for (const [term, tf] of termCounts(text)) {
      let list = this.byTerm.get(term);
      if (!list) {
        list = [];
        this.byTerm.set(term, list);
      }
      list.push({ chat, turn, tf });
    }
  }

  get size(): number {
    return this.byTerm.size;
  }

  /** One packed row per term. */
  *rows(): Generator<{ term: string; data: Uint8Array }> {
    for (const [term, list] of this.byTerm) {
      list.sort((a, b) => a.chat - b.chat || a.turn - b.turn);
      yield { term, data: encodePostings(list) };
    }
  }
}

/** The distinct terms of some texts: what a forgotten chat's postings must be purged from. */
export function termsOfTexts(texts: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const text of texts) for (const term of termCounts(text).keys()) all.add(term);
  return [...all];
}
