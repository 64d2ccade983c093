/**
 * The injected block's delimiters and the helpers that recognise, strip and escape it. Light
 * on purpose: the content script imports this to strip our own block from captured turns, so
 * nothing here may pull in NLP code.
 *
 * A block is only what this extension wrote: its header line ends with this install's mark
 * (`· #<mark>]`), so text a user typed between a look-alike opener and closer is kept. Finding
 * blocks is one forward scan (indexOf from a moving position, each newline looked up once):
 * linear in the text, whatever a page or a message puts in it.
 */

import { stripInvisible } from '../memory/invisible';

export const BLOCK_START = '[claude-mem ·';
export const BLOCK_END = '[/claude-mem]';

/** The end of a block's header line: ` · #` + the install's mark + `]`. */
export function markSuffix(mark: string): string {
  return ` · #${mark}]`;
}

interface Span {
  start: number;
  end: number;
}

/** The blocks this install wrote, in order, as [start, end) spans (trailing newlines included). */
function findBlocks(text: string, marks: readonly string[], first = false): Span[] {
  const spans: Span[] = [];
  if (marks.length === 0) return spans;
  const suffixes = marks.map(markSuffix);
  let from = 0;
  let lineEnd = -1; // the newline ending the line that holds `start`, looked up once per line
  let headerEnd = -1; // that line's end without trailing spaces or \r
  for (;;) {
    const start = text.indexOf(BLOCK_START, from);
    if (start < 0) break;
    if (lineEnd < start) {
      lineEnd = text.indexOf('\n', start);
      if (lineEnd < 0) lineEnd = text.length;
      headerEnd = lineEnd;
      while (headerEnd > start && /\s/.test(text[headerEnd - 1]!)) headerEnd--;
    }
    const room = headerEnd - start - BLOCK_START.length;
    if (suffixes.some((s) => s.length <= room && text.endsWith(s, headerEnd))) {
      const close = text.indexOf(BLOCK_END, lineEnd);
      // No closer after this header means none after any later one either.
      if (close < 0) break;
      let end = close + BLOCK_END.length;
      while (text[end] === '\n') end++;
      spans.push({ start, end });
      if (first) break;
      from = end;
      lineEnd = -1;
    } else {
      from = start + BLOCK_START.length;
    }
  }
  return spans;
}

export function stripInjectedBlocks(text: string, marks: readonly string[]): string {
  const spans = findBlocks(text, marks);
  if (spans.length === 0) return text.trim();
  let out = '';
  let at = 0;
  for (const { start, end } of spans) {
    out += text.slice(at, start);
    at = end;
  }
  return (out + text.slice(at)).trim();
}

export function hasInjectedBlock(text: string, marks: readonly string[]): boolean {
  return findBlocks(text, marks, true).length > 0;
}

/**
 * Letters from other scripts that look like the Latin letters of "claude mem" (Unicode's
 * confusables for c, l, a, u, d, e, m), and an uppercase I that reads as l in most fonts.
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a',
  ɑ: 'a',
  α: 'a',
  с: 'c',
  ϲ: 'c',
  ᴄ: 'c',
  ⅽ: 'c',
  ԁ: 'd',
  ɗ: 'd',
  ⅾ: 'd',
  е: 'e',
  ҽ: 'e',
  ε: 'e',
  ℮: 'e',
  ӏ: 'l',
  Ӏ: 'l',
  ı: 'l',
  ǀ: 'l',
  ℓ: 'l',
  I: 'l',
  '|': 'l',
  '1': 'l',
  ι: 'l',
  ⅼ: 'l',
  м: 'm',
  ⅿ: 'm',
  ṃ: 'm',
  υ: 'u',
  ս: 'u',
  ц: 'u',
  ᴜ: 'u',
};

/** Brackets that can open a delimiter, after the fold (NFKC already made ［ into [). */
const OPENERS = new Set(['[', '【', '〔', '(', '<', '〚', '「', '『']);

/**
 * The text folded for comparison (NFKC, marks dropped, look-alikes to Latin, lower case), with,
 * for each folded character, the index of the original character it came from.
 */
function fold(text: string): { folded: string; from: number[] } {
  let folded = '';
  const from: number[] = [];
  let i = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) {
      // ASCII needs no normalisation: only the I/|/1 look-alikes and case.
      folded += (CONFUSABLES[ch] ?? ch).toLowerCase();
      from.push(i++);
      continue;
    }
    const base = (CONFUSABLES[ch] ?? ch).normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC');
    for (const part of base) {
      folded += (CONFUSABLES[part] ?? part).toLowerCase();
      from.push(i);
    }
    i += ch.length;
  }
  return { folded, from };
}

/**
 * Anything that reads as our marker once width, case, script look-alikes, accents, spacing and
 * dash shape are ignored: "[/claude-mem]", "［／ｃｌａｕｄｅ－ｍｅｍ］", "[сlaude mem" with a Cyrillic с.
 * Matched on the folded text; the bracket it starts with is replaced in the original, so it can
 * neither close the block early nor open a fake one.
 */
const LOOK_ALIKE = /\s*(?:[/\\]\s*)?claude[\s\-‐‑‒–—―_·.]*mem/y;

function escapeLookAlikes(text: string): string {
  const { folded, from } = fold(text);
  const brackets: number[] = [];
  for (let i = 0; i < folded.length; i++) {
    if (!OPENERS.has(folded[i]!)) continue;
    LOOK_ALIKE.lastIndex = i + 1;
    if (LOOK_ALIKE.test(folded)) brackets.push(from[i]!);
  }
  if (brackets.length === 0) return text;
  let out = '';
  let at = 0;
  for (const b of brackets) {
    const width = text.codePointAt(b)! > 0xffff ? 2 : 1;
    out += `${text.slice(at, b)}⟦`;
    at = b + width;
  }
  return out + text.slice(at);
}

/**
 * Memory text is data: one line, no invisible characters (lib/memory/invisible.ts: they could
 * hide a delimiter or a whole instruction from the user but not from a model), no delimiter
 * look-alikes.
 */
export function escapeMemoryText(text: string): string {
  return escapeLookAlikes(stripInvisible(text).replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')).trim();
}

/** The marks of the blocks in `text` (for a test that strips what the page sent). */
export function marksIn(text: string): string[] {
  return [...text.matchAll(/ · #([0-9a-z]{8})\]$/gm)].map((m) => m[1]!);
}
