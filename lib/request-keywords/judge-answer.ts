/**
 * What a judged answer picked, as ids: the numbers the model gave for request 1, turned back
 * into the candidates they stood for. A list that names a number the model was not shown (0,
 * 41 of 40, a negative, a number of a list that was empty) is ignored whole: a model that
 * invents numbers is not reading the list, so its other numbers are no judgment either; the
 * block is then ranked as without a model. A repeated number counts once. The other list and
 * the keywords stand on their own. Pure.
 */
import type { ChatCandidate, JudgeCandidates } from './judge-candidates';
import type { JudgedAnswer } from './judge-prompt';
import type { JudgedCall } from './request-call';

/** The model's picks in its order: memory ids, and past-chat exchanges by chat and turns. */
export interface JudgedPicks {
  /** Null: this list was not judged (not offered, absent from the answer, or naming unknown numbers). */
  memories: readonly string[] | null;
  chats: readonly Pick<ChatCandidate, 'chatId' | 'turns'>[] | null;
}

/** Why a list's numbers were ignored, for Activity; null when every list offered was judged. */
export type PickProblem = 'unknown-numbers' | 'not-judged' | null;

function pick<T>(numbers: readonly number[] | undefined, offered: readonly T[]): T[] | null | 'unknown' {
  if (numbers === undefined || offered.length === 0) return null;
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > offered.length)) return 'unknown';
  return [...new Set(numbers)].map((n) => offered[n - 1] as T);
}

export function picksOf(
  answer: JudgedAnswer,
  candidates: JudgeCandidates,
): { picks: JudgedPicks; problem: PickProblem } {
  const mine = answer.items.find((i) => i.index === 1);
  const memories = pick(mine?.memories, candidates.memories);
  const chats = pick(mine?.past_chats, candidates.chats);
  const picks: JudgedPicks = {
    memories: Array.isArray(memories) ? memories.map((m) => m.id) : null,
    chats: Array.isArray(chats) ? chats.map((c) => ({ chatId: c.chatId, turns: c.turns })) : null,
  };
  if (memories === 'unknown' || chats === 'unknown') return { picks, problem: 'unknown-numbers' };
  const unjudged =
    (candidates.memories.length > 0 && picks.memories === null) ||
    (candidates.chats.length > 0 && picks.chats === null);
  return { picks, problem: unjudged ? 'not-judged' : null };
}

/** What Activity keeps of a judged call: how many were shown, which were picked, why a list was not used. */
export function judgedCallOf(
  candidates: JudgeCandidates,
  judged: { picks: JudgedPicks; problem: PickProblem } | null,
): JudgedCall {
  const titleOf = new Map(candidates.chats.map((c) => [c.chatId, c.title]));
  return {
    offered: { memories: candidates.memories.length, chats: candidates.chats.length },
    memories: judged?.picks.memories ? [...judged.picks.memories] : null,
    chats: judged?.picks.chats
      ? judged.picks.chats.map((c) => ({ chatId: c.chatId, title: (titleOf.get(c.chatId) ?? '').slice(0, 500) }))
      : null,
    problem: judged ? judged.problem : 'not-judged',
  };
}
