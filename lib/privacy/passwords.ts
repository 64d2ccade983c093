/**
 * Where a password sits in prose and in addresses, on the folded text (./fold.ts).
 *
 * A password mentioned in prose may follow the word in any form ("my password is …",
 * "密码：…", "… is the wifi password"), so the sentence (or line) that mentions one is the
 * secret's span: never the whole message, whose other sentences are what extraction needs. A
 * sentence that ends right after the word and a connector ("Password:") takes the next one too,
 * where the secret then is. An address's credentials (`scheme://user:secret@host`) are the
 * password after the colon. Both are one forward scan: linear in the text.
 */
import type { Span } from './privacy-runs';

const KEYWORD = /password|passwd|passcode|pass ?phrase|\bpwd\b|密码|口令/gi;
/** What may stand between the word and the secret when the secret is on the next line. */
const CONNECTOR_ONLY = /^[\s:=：'"`*_-]*(?:is|was|are|:|是|为|為)?[\s:=：'"`*_-]*$/i;

const isAsciiSentenceEnd = (c: string) => c === '.' || c === '!' || c === '?' || c === ';';

/** Whether a sentence ends after `text[i]`: a full stop and a space, a line break, or a CJK stop. */
function endsAt(text: string, i: number): boolean {
  const c = text[i]!;
  if (c === '\n' || c === '。') return true;
  if (!isAsciiSentenceEnd(c)) return false;
  const next = text.charCodeAt(i + 1);
  // "Tr4ck!ng" keeps its "!": only a stop followed by a space, the end or other script ends.
  return Number.isNaN(next) || next === 32 || next === 10 || next >= 0x80;
}

/** The sentences of `text` as spans without their leading spaces or their stop. */
function sentences(text: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    let s = start;
    while (s < end && text[s] === ' ') s++;
    if (end > s) out.push({ start: s, end });
  };
  for (let i = 0; i < text.length; i++) {
    if (!endsAt(text, i)) continue;
    push(i);
    start = i + 1;
  }
  push(text.length);
  return out;
}

/** Each sentence that mentions a password, merged with the next when the secret follows there. */
export function findPasswordSentences(text: string): Span[] {
  const words = [...text.matchAll(KEYWORD)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  if (words.length === 0) return [];
  const all = sentences(text);
  const out: Span[] = [];
  let w = 0;
  for (let s = 0; s < all.length && w < words.length; s++) {
    const sentence = all[s]!;
    let lastWordEnd = -1;
    while (w < words.length && words[w]!.start < sentence.end) {
      if (words[w]!.start >= sentence.start) lastWordEnd = words[w]!.end;
      w++;
    }
    if (lastWordEnd < 0) continue;
    const next = all[s + 1];
    const secretAhead = next && CONNECTOR_ONLY.test(text.slice(lastWordEnd, sentence.end + 1));
    out.push({ start: sentence.start, end: secretAhead ? next.end : sentence.end });
  }
  return out;
}

/** Characters that end an address's authority (where its credentials can be). */
const isAuthorityEnd = (c: number) => c === 47 || c === 63 || c === 35 || c === 32 || c === 10 || Number.isNaN(c);
const isSchemeChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45;

/** The password of each `scheme://user:password@host` in `text`. */
export function findAddressPasswords(text: string): Span[] {
  const out: Span[] = [];
  for (let at = text.indexOf('://'); at >= 0; at = text.indexOf('://', at + 3)) {
    if (at === 0 || !isSchemeChar(text.charCodeAt(at - 1))) continue;
    // The credentials end at the authority's last "@" (a password may hold one itself).
    let colon = -1;
    let lastAt = -1;
    for (let i = at + 3; !isAuthorityEnd(text.charCodeAt(i)); i++) {
      if (text[i] === '@') lastAt = i;
      else if (text[i] === ':' && colon < 0 && lastAt < 0) colon = i;
    }
    if (colon >= 0 && lastAt > colon + 1) out.push({ start: colon + 1, end: lastAt });
  }
  return out;
}
