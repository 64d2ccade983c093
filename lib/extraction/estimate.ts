/**
 * What extraction is expected to cost before a call goes out: the one estimate the queue checks
 * against the daily cap before each call (run-job.ts) and the panel shows before a batch of
 * chats is queued ("Extract memories from these"). Both go through the same steps as a real
 * run: the chat's turns prepared and split into windows, each window's prompt built with its
 * related memories, its tokens counted, plus the tool and an output allowance.
 */
import type { Chat, MemoryRecord } from '../memory/types';
import { estimateTokens } from '../ranking/render';
import type { PrivacyPattern } from '../settings/schema';
import { type BuiltPrompt, buildPrompt } from './extract-prompt';
import { SAVE_MEMORIES_TOOL } from './extract-schema';
import type { ExtractionSpace } from './space-filing';
import { DEFAULT_LIMITS, planWindows, prepareTurns, type TranscriptWindow, type WindowLimits } from './transcript';

/** Output allowance assumed per call (the model's summary and a handful of memories). */
const EXPECTED_OUTPUT_TOKENS = 800;
/**
 * The tool definition plus the tool-use system prompt the API adds for a forced tool
 * (Anthropic's pricing page lists 235–340 tokens per model; the larger is assumed).
 */
export const TOOL_OVERHEAD_TOKENS = estimateTokens(JSON.stringify(SAVE_MEMORIES_TOOL)) + 340;

export interface CallEstimate {
  inputTokens: number;
  outputTokens: number;
}

/** One extraction call for this prompt. */
export function callEstimate(prompt: Pick<BuiltPrompt, 'system' | 'user'>): CallEstimate {
  return {
    inputTokens: estimateTokens(prompt.system) + estimateTokens(prompt.user) + TOOL_OVERHEAD_TOKENS,
    outputTokens: EXPECTED_OUTPUT_TOKENS,
  };
}

export interface ChatEstimate extends CallEstimate {
  /** Calls the chat takes: one per transcript window (0 when nothing is left to send). */
  calls: number;
}

export interface ChatEstimateInput {
  patterns: readonly PrivacyPattern[];
  /** Our own injection marks for the chat's site (stripped before anything is sent). */
  marks: readonly string[];
  limits?: WindowLimits;
  /** The related memories a window's prompt would carry (the same lookup the run makes). */
  related: (window: TranscriptWindow, chat: Chat) => Promise<MemoryRecord[]>;
  /** The chat's space the prompt would name (null: none). */
  space?: ExtractionSpace | null;
}

/** Every window of a whole chat, as a fresh job would send them. */
export async function estimateChat(chat: Chat, input: ChatEstimateInput): Promise<ChatEstimate> {
  const limits = input.limits ?? DEFAULT_LIMITS;
  const windows = planWindows(prepareTurns(chat.turns, input.patterns, limits, input.marks).turns, limits);
  const out: ChatEstimate = { calls: 0, inputTokens: 0, outputTokens: 0 };
  for (const window of windows) {
    const related = await input.related(window, chat);
    const call = callEstimate(
      buildPrompt({
        site: chat.site,
        title: chat.title,
        window,
        related,
        previousSummary: chat.summary,
        space: input.space ?? null,
        privacyPatterns: input.patterns,
      }),
    );
    out.calls++;
    out.inputTokens += call.inputTokens;
    out.outputTokens += call.outputTokens;
  }
  return out;
}
