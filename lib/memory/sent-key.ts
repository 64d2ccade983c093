/**
 * The key that matches a message the user sent with the user turn a page later shows for it.
 * Pages render the same text differently (Markdown, line breaks, trailing spaces, a long turn
 * folded), so only letters and digits count, after NFKC and lower case, and only the first
 * SENT_KEY_CHARS of them. A turn with no letters or digits has no key: it says nothing a
 * memory could be made of.
 */
import { stripInvisible } from './invisible';
import { normalizeContent } from './normalize';

const SENT_KEY_CHARS = 200;

export function sentKey(text: string): string {
  // Enough raw text for SENT_KEY_CHARS letters and digits in any real message; keeps this linear.
  return normalizeContent(stripInvisible(text.slice(0, SENT_KEY_CHARS * 20))).slice(0, SENT_KEY_CHARS);
}
