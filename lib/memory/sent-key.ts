/**
 * The key that matches a message the user sent with the user turn a page later shows for it.
 * The whole turn is matched: a key is a SHA-256 of the turn's full normalised text, with that
 * text's length. Pages render the same text differently (Markdown, line breaks, trailing
 * spaces), so whitespace, punctuation and the ASCII symbols Markdown is written in are left
 * out, after NFKC and lower case; every other character counts, emoji, enclosed and squared
 * letters and regional indicators included (a model reads them as easily as letters). A turn
 * made only of what is left out (a "?") is matched on its characters without whitespace, so a
 * turn with any text has a key.
 *
 * Older builds stored the first 200 letters and digits instead (no `v2:` in front): such a key
 * still proves a turn whose normalised text is exactly that key and shorter than 200, the
 * only turns it said everything about (legacyMatches).
 */
const DROPPED = /[\s\p{P}\u0021-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e]/gu;
const PREFIX = 'v2:';
const LEGACY_CHARS = 200;

/** The turn's text as its key sees it ('' for a turn with no text). */
export function sentText(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase();
  const kept = folded.replace(DROPPED, '');
  return kept !== '' ? kept : folded.replace(/\s+/g, '');
}

/** The key of a message or turn, '' when it holds no text. */
export async function sentKey(text: string): Promise<string> {
  const norm = sentText(text);
  if (norm === '') return '';
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(norm)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return `${PREFIX}${norm.length}:${hex}`;
}

/** A key an older build stored proves a turn only when it held the turn's whole text. */
export function legacyMatches(storedKey: string, turnText: string): boolean {
  return !storedKey.startsWith(PREFIX) && storedKey.length < LEGACY_CHARS && storedKey === turnText;
}
