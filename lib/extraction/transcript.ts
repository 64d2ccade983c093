/**
 * Turns a stored chat into what the extraction call may see: our own injected blocks stripped,
 * each message through the privacy filter's exit (lib/privacy/leaving.ts: invisible characters
 * dropped and sensitive spans redacted, matched as a reader folds the text), and a long chat split into windows at message boundaries only
 * (a message is never cut). Every window after the first carries the chat's opening user
 * message as context; when there are too many windows, the oldest and the newest are kept and
 * the middle is left out (its memories are usually restated later, and cost stays bounded).
 */

import type { Turn } from '../memory/types';
import { leavingText } from '../privacy/leaving';
import { estimateTokens, stripInjectedBlocks } from '../ranking/render';
import type { PrivacyPattern } from '../settings/schema';

export interface PreparedTurn {
  /** Position in the stored chat, so the model and the logs can refer to it. */
  index: number;
  role: Turn['role'];
  text: string;
  tokens: number;
}

export interface TranscriptWindow {
  /** Opening context repeated from the start of the chat (empty in the first window). */
  head: PreparedTurn[];
  turns: PreparedTurn[];
  /** Messages between the head and these turns that are not sent in any window. */
  omitted: number;
}

export interface WindowLimits {
  /** Token budget of one window's transcript (head included). */
  windowTokens: number;
  maxWindows: number;
  /** A single message above this is replaced by a note (it would not fit the model at all). */
  maxMessageTokens: number;
  /** The opening user message is repeated as context only if it is at most this long. */
  headTokens: number;
}

export const DEFAULT_LIMITS: WindowLimits = {
  windowTokens: 24_000,
  maxWindows: 4,
  maxMessageTokens: 120_000,
  headTokens: 1_500,
};

export interface PreparedTranscript {
  turns: PreparedTurn[];
  /** How many spans the privacy filter redacted (shown in logs and tests, never the spans). */
  redactions: number;
}

export function prepareTurns(
  turns: readonly Turn[],
  patterns: readonly PrivacyPattern[],
  limits: WindowLimits = DEFAULT_LIMITS,
  marks: readonly string[] = [],
): PreparedTranscript {
  let redactions = 0;
  const out: PreparedTurn[] = [];
  turns.forEach((turn, index) => {
    const stripped = turn.role === 'user' ? stripInjectedBlocks(turn.text, marks) : turn.text.trim();
    if (!stripped) return;
    const { text, hits } = leavingText(stripped, patterns);
    redactions += hits.length;
    const tokens = estimateTokens(text);
    if (tokens > limits.maxMessageTokens) {
      const note = `[a ${text.length}-character message was left out: too long to send]`;
      out.push({ index, role: turn.role, text: note, tokens: estimateTokens(note) });
    } else {
      out.push({ index, role: turn.role, text, tokens });
    }
  });
  return { turns: out, redactions };
}

function cost(turns: readonly PreparedTurn[]): number {
  return turns.reduce((sum, t) => sum + t.tokens + TURN_FRAME_TOKENS, 0);
}

/** The `<turn n=".." role="..">` frame around each message, estimated once. */
const TURN_FRAME_TOKENS = 8;

export function planWindows(turns: readonly PreparedTurn[], limits: WindowLimits = DEFAULT_LIMITS): TranscriptWindow[] {
  if (turns.length === 0) return [];
  if (cost(turns) <= limits.windowTokens) return [{ head: [], turns: [...turns], omitted: 0 }];
  const opening = turns.find((t) => t.role === 'user');
  const head = opening && cost([opening]) <= limits.headTokens ? [opening] : [];
  const packed: PreparedTurn[][] = [];
  let current: PreparedTurn[] = [];
  for (const turn of turns) {
    const budget = limits.windowTokens - (packed.length === 0 ? 0 : cost(head));
    // A message larger than a whole window travels alone rather than being cut.
    if (current.length > 0 && cost(current) + cost([turn]) > budget) {
      packed.push(current);
      current = [];
    }
    current.push(turn);
  }
  packed.push(current);
  return selectWindows(packed, head, limits.maxWindows);
}

function selectWindows(packed: PreparedTurn[][], head: PreparedTurn[], maxWindows: number): TranscriptWindow[] {
  const keep = packed.length <= maxWindows ? packed : [packed[0]!, ...packed.slice(packed.length - (maxWindows - 1))];
  const dropped = packed.length - keep.length;
  const droppedTurns = packed.slice(1, 1 + dropped).reduce((n, w) => n + w.length, 0);
  return keep.map((turns, i) => ({
    head: i === 0 ? [] : head.filter((h) => !turns.includes(h) && h.index < (turns[0]?.index ?? 0)),
    turns,
    omitted: i === 1 ? droppedTurns : 0,
  }));
}

/** Markup-like text inside a message must not close our frames. */
function escapeFrame(text: string): string {
  return text.replace(/<(\/?)(turn|transcript|earlier_context|existing_memories|chat_space)\b/gi, '‹$1$2');
}

function renderTurn(turn: PreparedTurn): string {
  return `<turn n="${turn.index + 1}" role="${turn.role}">\n${escapeFrame(turn.text)}\n</turn>`;
}

export function renderWindow(window: TranscriptWindow): string {
  const parts: string[] = [];
  if (window.head.length > 0) {
    parts.push(`<earlier_context note="the chat's opening message, for context">`);
    parts.push(...window.head.map(renderTurn), '</earlier_context>');
  }
  if (window.omitted > 0) parts.push(`[${window.omitted} messages in between are not shown]`);
  parts.push(...window.turns.map(renderTurn));
  return parts.join('\n');
}
