/**
 * The injected block's delimiters and the helpers that recognise, strip and escape it. Light
 * on purpose: the content script imports this (through render.ts) to strip our own block
 * from captured turns, so nothing here may pull in NLP code.
 */

export const BLOCK_START = '[claude-mem ·';
export const BLOCK_END = '[/claude-mem]';

/** A block as injected: from its opening marker to its closing marker, whatever is inside. */
const BLOCK_RE = /\[claude-mem ·[^\n]*\][\s\S]*?\[\/claude-mem\]\n*/g;

export function stripInjectedBlocks(text: string): string {
  return text.replace(BLOCK_RE, '').trim();
}

export function hasInjectedBlock(text: string): boolean {
  return new RegExp(BLOCK_RE.source).test(text);
}

/** Invisible characters that could hide a delimiter from the user but not from a model. */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/gu;

/**
 * Anything that reads as our marker once case, width, spacing and dash shape are ignored:
 * "[/claude-mem]", "［Claude‐Mem", "[ / claude mem". Its bracket is replaced, so it can
 * neither close the block early nor open a fake one.
 */
const LOOK_ALIKE = /[[［【〔(（<＜]\s*[/／\\]?\s*claude[\s\-‐‑‒–—―_·.]*mem/giu;

/** Memory text is data: one line, no invisible characters, no delimiter look-alikes. */
export function escapeMemoryText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .replace(LOOK_ALIKE, (m) => `⟦${m.slice(1)}`)
    .trim();
}
