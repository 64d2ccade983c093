/**
 * Query expansion through the thesaurus of lexicon.ts: a concept the draft names (by a Chinese
 * word in its text, or an English word among its stems) adds the index terms of the concept's
 * other words and of its kinds, at a lower weight. Single Chinese characters count only when the segmenter made
 * them a word of their own: "考" inside "考虑" is not an exam.
 */
import { termsOf } from '../text/keywords';
import { allConcepts, type Concept } from './lexicon';

interface Compiled {
  /** Chinese words of two or more characters, matched in the draft's text. */
  phrases: readonly string[];
  /** Single characters and English stems, matched among the draft's terms. */
  singles: readonly string[];
  /** What the concept adds: its words (single characters as words, never as `~` character terms), their bigrams, its English stems. */
  adds: ReadonlyMap<string, number>;
}

let compiled: Compiled[] | null = null;

function bigrams(word: string): string[] {
  const chars = [...word];
  return chars.slice(1).map((c, i) => `${chars[i]}${c}`);
}

function addWords(c: Concept, adds: Map<string, number>): void {
  for (const w of c.cjk) {
    adds.set(w, 1);
    if ([...w].length > 1) for (const b of bigrams(w)) adds.set(b, 1);
  }
  for (const stem of termsOf(c.latin.join(' , '))) adds.set(stem, 1);
}

function compile(): Compiled[] {
  return allConcepts().map((c) => {
    const adds = new Map<string, number>();
    const phrases = c.cjk.filter((w) => [...w].length > 1);
    const singles = [...c.cjk.filter((w) => [...w].length === 1), ...termsOf(c.latin.join(' , '))];
    addWords(c, adds);
    for (const kind of c.kinds) addWords(kind, adds);
    return { phrases, singles, adds };
  });
}

/** Adds concept terms to `terms` (term → query weight) at `weight`; the draft's own terms keep theirs. */
export function expandQuery(draft: string, terms: Map<string, number>, weight: number): void {
  if (weight <= 0) return;
  compiled ??= compile();
  const text = draft.normalize('NFKC').toLowerCase();
  const own = new Set(terms.keys());
  for (const c of compiled) {
    if (!c.phrases.some((p) => text.includes(p)) && !c.singles.some((s) => own.has(s))) continue;
    for (const [term, factor] of c.adds) {
      if (!own.has(term)) terms.set(term, Math.max(terms.get(term) ?? 0, weight * factor));
    }
  }
}
