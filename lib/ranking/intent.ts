/**
 * What the draft is for, decided from its own words (DESIGN.md §1.5): a greeting or small
 * talk gets only the most important address/style preferences; an opinion question lifts
 * conclusions (what the user already decided or rejected); a continuation lifts tasks (where
 * the work stands). Everything else is a plain lookup. Chinese and English patterns; no NLP
 * model, so the side panel may import this too.
 */
import type { MemoryType } from '../memory/types';
import { type AdviceContext, adviceContext } from './profile';

export const INTENT_KINDS = ['greeting', 'opinion', 'continuation', 'lookup'] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

export interface Intent {
  kind: IntentKind;
  /** Added to a memory's score by its type: the `intent` part of the breakdown. */
  typeBoost: Readonly<Record<MemoryType, number>>;
  /** Set when the draft asks for advice, a recommendation or a plan (profile.ts). */
  advice: AdviceContext | null;
}

const NONE: Record<MemoryType, number> = { preference: 0, fact: 0, task: 0, conclusion: 0 };

const BOOSTS: Record<IntentKind, Record<MemoryType, number>> = {
  greeting: { preference: 0.3, fact: 0, task: 0, conclusion: 0 },
  opinion: { preference: 0.05, fact: 0, task: 0.05, conclusion: 0.25 },
  continuation: { preference: 0, fact: 0, task: 0.3, conclusion: 0.15 },
  lookup: NONE,
};

const GREETING = new RegExp(
  [
    '^(?:hi+|hey+|hello+|hiya|yo|howdy|good (?:morning|afternoon|evening|night)|morning|evening|greetings|sup)\\b',
    "^(?:how are you|how's it going|what's up|are you there|you there)\\b",
    '^(?:你好|您好|嗨|哈喽|哈啰|早上好|早安|上午好|中午好|下午好|晚上好|晚安|在吗|在不在|在么|嘿|hello|hi)',
    '^早(?:呀|啊|哇)?(?=$|[\\s\\p{P}~～])',
  ].join('|'),
  'iu',
);

/** Once the greeting is taken off, what is left must be small talk, not a request. */
const REQUEST =
  /[?？]|帮我|帮忙|请|怎么|如何|为什么|什么|哪|吗.+|能不能|可以.+|\b(?:help|how|what|why|can you|could you|please|write|explain)\b/iu;

const OPINION = new RegExp(
  [
    '你觉得|你认为|你怎么看|怎么看|看法|意见|建议我|值不值|值得吗|该不该|要不要|应不应该|哪个好|哪个更|选哪个|靠谱吗|行不行',
    '\\bwhat do you think\\b|\\byour (?:opinion|view|take)\\b|\\bshould i\\b|\\bis it worth\\b|\\bwhich (?:is|one is) better\\b|\\bwould you (?:recommend|choose)\\b|\\bpros and cons\\b',
  ].join('|'),
  'iu',
);

export const CONTINUATION = new RegExp(
  [
    '继续|接着|接上|上次|上回|上一次|之前那个|之前说的|刚才那个|进展到|做到哪|说到哪|还没做完|剩下的|续上',
    '\\bcontinue\\b|\\bwhere were we\\b|\\blast time\\b|\\bpick up where\\b|\\bcarry on\\b|\\bresume\\b|\\bwhere (?:did |do )?(?:we|i) (?:left|leave) off\\b|\\bas we discussed\\b|\\bback to\\b|\\bfollow(?:ing)? up on\\b',
  ].join('|'),
  'iu',
);

const SMALL_TALK_MAX_CHARS = 24;

function isGreeting(text: string): boolean {
  const match = GREETING.exec(text);
  if (!match) return false;
  const rest = text.slice(match[0].length).replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '');
  return [...rest].length <= SMALL_TALK_MAX_CHARS && !REQUEST.test(rest);
}

export function detectIntent(draft: string): Intent {
  const text = draft.normalize('NFKC').trim();
  let kind: IntentKind = 'lookup';
  if (text === '' || isGreeting(text)) kind = 'greeting';
  else if (CONTINUATION.test(text)) kind = 'continuation';
  else if (OPINION.test(text)) kind = 'opinion';
  return { kind, typeBoost: BOOSTS[kind], advice: kind === 'greeting' ? null : adviceContext(text) };
}

/** For searching rather than injecting: every memory judged on its text alone. */
export const LOOKUP_INTENT: Intent = { kind: 'lookup', typeBoost: BOOSTS.lookup, advice: null };
