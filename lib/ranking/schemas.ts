/** Ranked memories as the side panel shows them: search results and the injection preview. */
import * as z from 'zod/mini';
import { MemoryRecordSchema, PastChatUseSchema, ScorePartsSchema } from '../memory/types';
import { INTENT_KINDS } from './intent';

const IntentKindSchema = z.enum(INTENT_KINDS);

/**
 * One ranked memory: the score is the sum of its named parts (text, intent, importance,
 * recency, hits, feedback); `conflictsWith` names another returned memory it contradicts
 * (like vs dislike); `tokens` is what its line costs in the block.
 */
export const ScoredMemorySchema = z.object({
  memory: MemoryRecordSchema,
  score: z.number(),
  parts: ScorePartsSchema,
  conflictsWith: z.nullable(z.string()),
  tokens: z.int(),
});

const SharedWordsSchema = z.array(z.string().check(z.maxLength(80))).check(z.maxLength(4));

export const InjectionPreviewSchema = z.object({
  intent: IntentKindSchema,
  block: z.nullable(z.string()),
  tokens: z.int(),
  budgetTokens: z.int(),
  /** Each with the words it shares with the draft, as the memory writes them (lib/ranking/shared-words.ts). */
  items: z.array(z.extend(ScoredMemorySchema, { shared: SharedWordsSchema })),
  /** Excerpts of past chats the block would carry (the site's switch on), with their text. */
  pastChats: z.optional(
    z.array(
      z.extend(PastChatUseSchema, {
        url: z.string(),
        date: z.string(),
        text: z.string().check(z.maxLength(700)),
        /** The excerpt's own id among the tab's left-out ids (lib/history/excerpts.ts excerptKey). */
        key: z.string(),
      }),
    ),
  ),
  /**
   * The model's search keywords for the tab's draft, when they arrived, and what they changed:
   * memories they brought in and memories they moved out, against the same draft without them.
   */
  keywords: z.optional(
    z.object({ list: z.array(z.string()), added: z.array(z.string()), dropped: z.array(z.string()) }),
  ),
});
