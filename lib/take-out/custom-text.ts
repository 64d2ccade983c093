/**
 * "Copy as text for custom instructions": the active memories that apply everywhere, most
 * important first, as a short list that fits a custom-instruction box. ChatGPT's fields take
 * 1,500 characters each (OpenAI Help Center, "ChatGPT Custom Instructions":
 * https://help.openai.com/en/articles/8096356-chatgpt-custom-instructions), the default
 * here; the user sets another limit for Claude or anything else. Whole memories only: one
 * that does not fit is left out, and a shorter one after it may still go in.
 */
import type { MemoryRecord } from '../memory/types';
import { byWeight } from './markdown';

export const CHATGPT_CUSTOM_INSTRUCTIONS_CHARS = 1500;
export const MIN_LIMIT = 100;
export const MAX_LIMIT = 100_000;

export interface CustomText {
  text: string;
  included: number;
  /** Active global memories that did not fit. */
  left: number;
}

/** Characters as a text box counts them (code points, so one Chinese character is one). */
export function charCount(text: string): number {
  return [...text].length;
}

export function customInstructionText(all: readonly MemoryRecord[], heading: string, limit: number): CustomText {
  const candidates = all.filter((m) => m.status === 'active' && m.scope === 'global').sort(byWeight);
  const lines: string[] = [];
  let used = charCount(heading);
  for (const m of candidates) {
    const entry = `\n- ${m.content.replace(/\s*\n+\s*/g, ' ').trim()}`;
    const cost = charCount(entry);
    if (used + cost > limit) continue;
    lines.push(entry);
    used += cost;
  }
  return {
    text: lines.length ? heading + lines.join('') : '',
    included: lines.length,
    left: candidates.length - lines.length,
  };
}
