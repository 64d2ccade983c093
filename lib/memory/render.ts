/**
 * The injected block: a delimited, escaped list of memories cut to a token budget, plus the
 * helpers that recognise and strip it from captured text. The content script imports only
 * the strip helpers (no NLP here), so this file stays light.
 */
import template from '../../prompt_templates/inject.md?raw';
import type { MemoryRecord } from './types';

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

/** Memory text is data: anything that could pass for our delimiters is defused. */
export function escapeMemoryText(text: string): string {
  return text
    .replace(/\r?\n+/g, ' ')
    .replace(/\[(\s*\/?\s*claude-mem)/gi, '［$1')
    .trim();
}

/**
 * Tokens of a text for Claude's tokenizer, estimated: CJK characters cost about one token
 * each, other text about one per four characters.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch)) cjk++;
  const rest = [...text].length - cjk;
  return Math.ceil(cjk * 1.0 + rest / 4);
}

export function renderLine(memory: Pick<MemoryRecord, 'type' | 'content'>): string {
  return `- (${memory.type}) ${escapeMemoryText(memory.content)}`;
}

/** Keeps whole memories in rank order while they fit the budget; never cuts one in half. */
export function fitToBudget<T extends { memory: MemoryRecord }>(ranked: readonly T[], budgetTokens: number): T[] {
  const frame = estimateTokens(template.replace('{{memories}}', ''));
  let used = frame;
  const kept: T[] = [];
  for (const item of ranked) {
    const cost = estimateTokens(renderLine(item.memory)) + 1;
    if (used + cost > budgetTokens) continue;
    used += cost;
    kept.push(item);
  }
  return kept;
}

export function renderBlock(memories: readonly Pick<MemoryRecord, 'type' | 'content'>[]): string {
  return template.replace('{{memories}}', memories.map(renderLine).join('\n')).trim();
}
