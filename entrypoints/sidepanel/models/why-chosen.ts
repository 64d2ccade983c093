/**
 * Why the preview holds a memory, in words a newcomer reads: the words it shares with the
 * draft (as the memory writes them), or, with no word in common, that it is close in meaning,
 * or the one other thing that chose it (pinned, about you, important, used lately…). Read from
 * the same tokenizer the ranker indexes with, so "works" meets "working" here as it does there.
 */
import { lang, t } from '../../../lib/i18n';
import type { MemoryRecord, ScoreParts } from '../../../lib/memory/types';
import { CHAR_MARK, termsOf } from '../../../lib/text/keywords';

/** Parts other than the text match, each a reason of its own when it leads. */
const OTHER_PARTS = ['intent', 'profile', 'importance', 'recency', 'hits', 'feedback'] as const;
export type OtherReason = (typeof OTHER_PARTS)[number] | 'pinned';

export type WhyChosen =
  | { kind: 'words'; words: string[] }
  | { kind: 'meaning' }
  | { kind: 'other'; reason: OtherReason };

/** How many shared words the sentence names at most. */
const MAX_WORDS = 4;

/** A text's index terms without the single CJK characters (too weak to call a shared word). */
function indexTerms(text: string): Set<string> {
  return new Set(termsOf(text).filter((term) => !term.startsWith(CHAR_MARK)));
}

/** `term` as the memory writes it (its case), or the term itself. */
function asWritten(content: string, term: string): string {
  const at = content.toLowerCase().indexOf(term);
  return at < 0 ? term : content.slice(at, at + term.length);
}

/** The memory's words that meet the draft's, first written first. */
export function sharedWords(draft: string, content: string): string[] {
  const wanted = indexTerms(draft);
  const out: string[] = [];
  for (const word of new Set(termsOf(content, { bigrams: false }))) {
    if ([...indexTerms(word)].some((term) => wanted.has(term))) out.push(asWritten(content, word));
    if (out.length === MAX_WORDS) break;
  }
  return out;
}

export function whyChosen(
  draft: string,
  memory: Pick<MemoryRecord, 'content' | 'pinned'>,
  parts: ScoreParts,
): WhyChosen {
  if (parts.text > 0) {
    const words = sharedWords(draft, memory.content);
    return words.length > 0 ? { kind: 'words', words } : { kind: 'meaning' };
  }
  if (memory.pinned) return { kind: 'other', reason: 'pinned' };
  const value = (k: (typeof OTHER_PARTS)[number]) => parts[k] ?? 0;
  const lead = OTHER_PARTS.reduce((best, k) => (value(k) > value(best) ? k : best), OTHER_PARTS[0]);
  return { kind: 'other', reason: lead };
}

/** The reason as one sentence in the panel's language. */
export function whySentence(why: WhyChosen): string {
  if (why.kind === 'meaning') return t('why.meaning');
  if (why.kind === 'other') return t(`why.${why.reason}`);
  const zh = lang.value === 'zh';
  const quoted = why.words.map((w) => `“${w}”`);
  const words = zh ? quoted.join('') : new Intl.ListFormat('en', { type: 'conjunction' }).format(quoted);
  return t('why.words', { words, n: why.words.length });
}
