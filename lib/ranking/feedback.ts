/**
 * Reading the user's next message after an injection (DESIGN.md §3): a correction
 * ("不对", "你记错了", "that's wrong", "I never said") lowers the injected memories, a
 * confirmation ("对，就是这样", "exactly") raises them. Only the opening of the message counts:
 * "that's wrong" deep inside a long message is usually about something else. No NLP model:
 * the content script and side panel may import this.
 */
import * as z from 'zod/mini';

export const FeedbackKindSchema = z.enum(['confirmed', 'corrected']);
export type FeedbackKind = z.infer<typeof FeedbackKindSchema>;

/** How much one reading moves each injected memory's `feedback` sum. */
export const FEEDBACK_DELTA: Readonly<Record<FeedbackKind, number>> = { corrected: -1, confirmed: 1 };

/** The opening this many characters long is what we read. */
const OPENING_CHARS = 80;

/** Said first, these reject what came before ("不对，…", "No, …", "Wrong: …"). */
const CORRECTION_OPENER =
  /^(?:不对|不是的?(?=[\s\p{P}]|$)|错了|不不|nope\b|no(?=[\s,.!;:—-]|$)|wrong\b|incorrect\b|not (?:true|right|quite)\b)/iu;

/** Anywhere in the opening, these say the memory itself is wrong. */
const CORRECTION_ANYWHERE = new RegExp(
  [
    '记错|搞错了|弄错了|说错了|我没说过|我从没说|我从来没说|我并没有说|我没有说过|那是以前|早就不|已经不是|不是这样',
    "\\bthat'?s (?:not (?:right|true|correct)|wrong|incorrect|outdated)\\b|\\byou(?:'re| are) wrong\\b|\\bi never (?:said|told|mentioned)\\b|\\bi (?:didn'?t|did not) (?:say|tell|mention)\\b|\\byou(?:'ve| have)? (?:got|remembered) (?:it|that|me) wrong\\b|\\bmisremember|\\bnot anymore\\b|\\bno longer true\\b",
  ].join('|'),
  'iu',
);

/** Confirmations must open the message: a bare "yes" or "对" agrees to anything, so it is not enough. */
const CONFIRMATION = new RegExp(
  [
    '^(?:对[\\s\\p{P}]*(?:就是|没错|的)|对的|没错|是的[\\s\\p{P}]*(?:就是|没错)|就是这样|正是|完全正确|记得没错|记得很对|没毛病)',
    "^(?:yes[\\s,!.]*)?(?:exactly|that'?s (?:right|correct)|correct|spot on|precisely|you remembered)\\b",
  ].join('|'),
  'iu',
);

/** A correction wins over a confirmation: "对，但你记错了" is a correction. */
export function detectFeedback(text: string): FeedbackKind | null {
  const opening = [...text.normalize('NFKC').trim()].slice(0, OPENING_CHARS).join('');
  if (opening === '') return null;
  if (CORRECTION_OPENER.test(opening) || CORRECTION_ANYWHERE.test(opening)) return 'corrected';
  if (CONFIRMATION.test(opening)) return 'confirmed';
  return null;
}
