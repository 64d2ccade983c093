/**
 * Tidy-up's model call, pure (no SDK): groups of notes in, one forced tool call out with an
 * action per group. Several groups share a call (the system prompt is paid once per call).
 * Each memory appears under a short label (`g2m3`: group 2, third note) that costs a few
 * tokens where a UUID costs ~20, and that says which group it belongs to, so an answer naming
 * a note of another group is caught (lib/tidy/answer.ts). Memory text is data: escaped, and the
 * prompt says so. The side panel's estimate is computed here with the token estimate every
 * other model offer uses (lib/ranking/tokens.ts).
 */
import * as z from 'zod/mini';
import template from '../../prompt_templates/tidy.md?raw';
import type { MemoryRecord } from '../memory/types';
import { MAX_MEMORY_CHARS } from '../memory/types';
import { escapeMemoryText } from '../ranking/block';
import { estimateTokens } from '../ranking/tokens';

export const TIDY_TOOL_NAME = 'propose_tidy';
/** Memories per call: enough groups to share the prompt, few enough that one bad answer costs little. */
export const MAX_MEMORIES_PER_CALL = 60;
const MAX_GROUPS_PER_CALL = 12;
/**
 * The tool as the API bills it: its definition is 162 tokens by @anthropic-ai/tokenizer, and a
 * forced tool adds the API's tool-use system prompt (235–340 tokens for the Claude 3 models in
 * Anthropic's "Tool use pricing and tokens" table, about 313 for later ones), rounded up.
 */
const TOOL_TOKENS = 480;
/**
 * One entry without its merged text, in output tokens: a keep-newer entry with a one-sentence
 * reason is 54 by @anthropic-ai/tokenizer, a keep-all one 23; rounded up to the larger.
 */
const OUTPUT_TOKENS_PER_GROUP = 60;

export const TIDY_ACTIONS = ['merge', 'keep-newer', 'archive', 'keep-all'] as const;
export type TidyAction = (typeof TIDY_ACTIONS)[number];

export const TidyAnswerSchema = z.object({
  groups: z
    .array(
      z.object({
        group: z.string().check(z.maxLength(20)),
        action: z.enum(TIDY_ACTIONS),
        ids: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(200))),
        keep: z.optional(z.string().check(z.maxLength(40))),
        text: z.optional(z.string().check(z.maxLength(MAX_MEMORY_CHARS))),
        reason: z.optional(z.string().check(z.maxLength(600))),
      }),
    )
    .check(z.maxLength(200)),
});
export type TidyAnswer = z.infer<typeof TidyAnswerSchema>;

const [systemPart = '', userPart = ''] = template.split('<!-- user -->');
export const TIDY_SYSTEM = systemPart.replace('<!-- system -->', '').trim();

/** One group as it goes to the model: its members, in the order labelled. */
export interface TidyBatchGroup {
  kind: string;
  members: readonly MemoryRecord[];
}

/** `g<group>m<member>`, both from 1, within one call. */
export function labelOf(group: number, member: number): string {
  return `g${group + 1}m${member + 1}`;
}

function noteText(m: MemoryRecord): string {
  return escapeMemoryText(m.content).replace(/</g, '‹').replace(/>/g, '›');
}

export function tidyUserText(groups: readonly TidyBatchGroup[]): string {
  const blocks = groups.map((g, gi) => {
    const lines = g.members.map(
      (m, mi) =>
        `[${labelOf(gi, mi)}] (${m.type}, ${m.updatedAt.slice(0, 10)}${m.pinned ? ', pinned' : ''}) ${noteText(m)}`,
    );
    return `<group id="g${gi + 1}" found="${g.kind}">\n${lines.join('\n')}\n</group>`;
  });
  // One pass, so a placeholder-like string inside a note is never expanded.
  return userPart.replace(/\{\{groups\}\}/g, () => blocks.join('\n')).trim();
}

export function tidyMaxTokens(groups: readonly TidyBatchGroup[]): number {
  return Math.min(16_000, 400 + 2 * estimateOutput(groups));
}

function estimateOutput(groups: readonly TidyBatchGroup[]): number {
  // A merged text is about as long as the longest note it joins.
  return groups.reduce(
    (sum, g) => sum + OUTPUT_TOKENS_PER_GROUP + Math.max(0, ...g.members.map((m) => estimateTokens(m.content))),
    20,
  );
}

/** Groups in call-sized batches, in order; a group larger than one call is left out (returned apart). */
export function tidyBatches<T extends { members: readonly unknown[] }>(
  groups: readonly T[],
): { batches: T[][]; tooLarge: T[] } {
  const batches: T[][] = [];
  const tooLarge: T[] = [];
  let current: T[] = [];
  let size = 0;
  for (const g of groups) {
    if (g.members.length > MAX_MEMORIES_PER_CALL) {
      tooLarge.push(g);
      continue;
    }
    if (
      current.length > 0 &&
      (size + g.members.length > MAX_MEMORIES_PER_CALL || current.length >= MAX_GROUPS_PER_CALL)
    ) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(g);
    size += g.members.length;
  }
  if (current.length > 0) batches.push(current);
  return { batches, tooLarge };
}

export interface TokenEstimate {
  inputTokens: number;
  outputTokens: number;
}

/** Tokens in and out one call is expected to cost. */
export function estimateTidyBatch(groups: readonly TidyBatchGroup[]): TokenEstimate {
  return {
    inputTokens: estimateTokens(TIDY_SYSTEM) + estimateTokens(tidyUserText(groups)) + TOOL_TOKENS,
    outputTokens: estimateOutput(groups),
  };
}

/** The whole run's calls and tokens, for the estimate shown before anything is sent. */
export function estimateTidy(batches: readonly (readonly TidyBatchGroup[])[]): TokenEstimate & { calls: number } {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const b of batches) {
    const e = estimateTidyBatch(b);
    inputTokens += e.inputTokens;
    outputTokens += e.outputTokens;
  }
  return { inputTokens, outputTokens, calls: batches.length };
}
