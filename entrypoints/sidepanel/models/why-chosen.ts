/**
 * Why the preview (or an Activity record) holds a memory, in words a newcomer reads: the words it
 * shares with the draft (found by the background with the ranker's tokenizer,
 * lib/ranking/shared-words.ts), or, with no word in common, that it is close in meaning, or the
 * one other thing that chose it (pinned, about you, important, used lately…).
 */
import { lang, t } from '../../../lib/i18n';
import type { MemoryRecord, ScoreParts } from '../../../lib/memory/types';

/** Parts other than the text match, each a reason of its own when it leads. */
const OTHER_PARTS = ['intent', 'profile', 'importance', 'recency', 'hits', 'feedback'] as const;
export type OtherReason = (typeof OTHER_PARTS)[number] | 'pinned';

export type WhyChosen =
  | { kind: 'words'; words: readonly string[] }
  | { kind: 'meaning' }
  /** Matched the text, from a record older than the shared words it would name. */
  | { kind: 'text' }
  | { kind: 'other'; reason: OtherReason };

/** `shared`: the words the background found in common (absent on records kept before it did). */
export function whyChosen(
  shared: readonly string[] | undefined,
  memory: Pick<MemoryRecord, 'pinned'>,
  parts: ScoreParts,
): WhyChosen {
  if (parts.text > 0) {
    if (shared === undefined) return { kind: 'text' };
    return shared.length > 0 ? { kind: 'words', words: shared } : { kind: 'meaning' };
  }
  if (memory.pinned) return { kind: 'other', reason: 'pinned' };
  const value = (k: (typeof OTHER_PARTS)[number]) => parts[k] ?? 0;
  const lead = OTHER_PARTS.reduce((best, k) => (value(k) > value(best) ? k : best), OTHER_PARTS[0]);
  return { kind: 'other', reason: lead };
}

/** The reason as one sentence in the panel's language. */
export function whySentence(why: WhyChosen): string {
  if (why.kind === 'meaning') return t('why.meaning');
  if (why.kind === 'text') return t('why.text');
  if (why.kind === 'other') return t(`why.${why.reason}`);
  const zh = lang.value === 'zh';
  const quoted = why.words.map((w) => `“${w}”`);
  const words = zh ? quoted.join('') : new Intl.ListFormat('en', { type: 'conjunction' }).format(quoted);
  return t('why.words', { words, n: why.words.length });
}
