/**
 * When a draft is worth a request keywords call, and when an answer still fits the draft: pure
 * rules over the draft's words (Intl.Segmenter, so Chinese typed without spaces counts by word),
 * and the small cache of answers by draft. A draft of a word or two says too little to ask
 * about; a draft asked about once is asked again only when it changed substantially; an answer
 * is used for a later draft that still holds most of the words it was given for.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Fewer words than this is not yet a request. */
export const MIN_WORDS = 3;
/** A draft changed substantially when at least this share of its words is new (or gone). */
const CHANGED_SHARE = 0.4;
/** An answer fits a draft that keeps at least this share of the words it was given for. */
const FITS_SHARE = 0.6;
/** Answers kept per worker: a handful of conversation starts. */
const CACHE_SIZE = 64;

export function draftWords(draft: string): Set<string> {
  const out = new Set<string>();
  for (const s of segmenter.segment(draft.normalize('NFKC').toLowerCase())) if (s.isWordLike) out.add(s.segment);
  return out;
}

export function enoughWords(draft: string): boolean {
  return draftWords(draft).size >= MIN_WORDS;
}

function shareMissing(from: ReadonlySet<string>, into: ReadonlySet<string>): number {
  if (from.size === 0) return 0;
  let missing = 0;
  for (const w of from) if (!into.has(w)) missing++;
  return missing / from.size;
}

/** New words make up a large share of `next`, or many of `prev`'s words are gone. */
export function changedSubstantially(prev: string, next: string): boolean {
  const a = draftWords(prev);
  const b = draftWords(next);
  return shareMissing(b, a) >= CHANGED_SHARE || shareMissing(a, b) >= CHANGED_SHARE;
}

/** The answer given for `askedFor` may rank `draft`: most of its words are still there. */
export function answerFits(askedFor: string, draft: string): boolean {
  return 1 - shareMissing(draftWords(askedFor), draftWords(draft)) >= FITS_SHARE;
}

/** FNV-1a (64-bit) of the text, as hex: the cache key of a redacted draft. */
export function draftHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

/** Answers by draft hash, the oldest dropped first; an entry keeps its draft, so a collision is a miss. */
export function createAnswerCache<T = readonly string[]>(size = CACHE_SIZE) {
  const entries = new Map<string, { draft: string; answer: T }>();
  return {
    get(draft: string): T | null {
      const key = draftHash(draft);
      const hit = entries.get(key);
      if (!hit || hit.draft !== draft) return null;
      entries.delete(key);
      entries.set(key, hit);
      return hit.answer;
    },
    set(draft: string, answer: T): void {
      const key = draftHash(draft);
      entries.delete(key);
      entries.set(key, { draft, answer });
      while (entries.size > size) entries.delete(entries.keys().next().value as string);
    },
  };
}
