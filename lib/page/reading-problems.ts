/**
 * The quiet ways a site change breaks reading, which "composer not found / messages not
 * found" cannot see because the selectors still match: a turn that starts with a label the
 * site renders for screen readers or around a thinking panel ("You said", "Thought for 12s"),
 * a conversation whose user turns all read empty, and an answer whose streaming signal never
 * goes away. Pure: the content script feeds it what it read; the side panel shows the result.
 */
import type { ChatTurn } from '../adapters/types';

export const READING_PROBLEMS = ['label_in_text', 'user_turns_empty', 'answer_unfinished'] as const;
export type ReadingProblem = (typeof READING_PROBLEMS)[number];

/** Longer than any real answer streams: a stop button still shown after this is stuck. */
export const ANSWER_LIMIT_MS = 5 * 60_000;

/**
 * Labels the sites put in front of a turn, in their UI languages (English, 简体, 繁體,
 * 日本語), that a user or an answer practically never starts with. Kept to the unmistakable
 * ones: "Copy" or "Thinking" can start a real message.
 */
const LABEL_AT_START = new RegExp(
  `^(?:${[
    'You said',
    'ChatGPT said',
    'Gemini said',
    'Claude said',
    'Thought process',
    'Thought for \\d',
    'Show thinking',
    'Thinking completed',
    '你说[:：]?',
    '你說[:：]?',
    'ChatGPT 说',
    'ChatGPT 說',
    'Gemini 说',
    'Gemini 說',
    '显示思路',
    '顯示思路',
    '已思考',
    '已深度思考',
    '思考过程',
    '思考過程',
    '思考已完成',
    'あなたのプロンプト',
    '思考プロセス',
  ].join('|')})`,
);

export interface ReadingInput {
  turns: readonly ChatTurn[];
  /** How long the page has shown its streaming signal without a break (0: not streaming). */
  generatingForMs: number;
}

export function readingProblems({ turns, generatingForMs }: ReadingInput): ReadingProblem[] {
  const problems: ReadingProblem[] = [];
  if (turns.some((t) => LABEL_AT_START.test(t.text.trimStart()))) problems.push('label_in_text');
  // Answers were read but not one question: the user text is where the site changed.
  if (turns.some((t) => t.role === 'assistant') && !turns.some((t) => t.role === 'user'))
    problems.push('user_turns_empty');
  if (generatingForMs >= ANSWER_LIMIT_MS) problems.push('answer_unfinished');
  return problems;
}
