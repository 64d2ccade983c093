/**
 * Payloads a chat page sends about its conversation and its page: the captured turns, which
 * selectors matched, and the conversation it names. A content script never names its site:
 * the router derives it from the sender's URL. The side panel names a tab or a site instead.
 */
import * as z from 'zod/mini';
import { SELECTOR_KEYS } from '../adapters/types';
import { CHAT_STATES } from '../memory/chat-states';
import { ProjectKeySchema } from '../memory/spaces';
import { MAX_TURN_CHARS } from '../sites/bounds';
import { SITE_IDS } from '../sites/ids';
import { READING_PROBLEMS } from './reading-problems';

export const ConversationIdSchema = z.string().check(z.minLength(1), z.maxLength(300));
export const PageUrlSchema = z.string().check(z.maxLength(4000));
/**
 * The site project the page is in, `<site>:<id>` as its adapter read it from the site's address
 * (null: none). Only ever one of the sender's own site's; the background refuses any other.
 */
export const PageProjectSchema = z.optional(z.nullable(ProjectKeySchema));

export const CapturedTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().check(z.maxLength(MAX_TURN_CHARS)),
});

/** Which entry of each adapter selector list matched on the page (null: none). */
export const SelectorMatchesSchema = z.record(z.enum(SELECTOR_KEYS), z.nullable(z.string().check(z.maxLength(300))));

export const SiteHealthReportSchema = z.object({
  conversationId: z.nullable(ConversationIdSchema),
  url: PageUrlSchema,
  matched: SelectorMatchesSchema,
  turns: z.int().check(z.minimum(0)),
  /** What the composer holds, for the side panel's live preview (kept in session storage only). */
  draft: z.optional(z.string().check(z.maxLength(10_000))),
  /** What reads wrong although the selectors match (lib/page/reading-problems.ts). */
  problems: z.optional(z.array(z.enum(READING_PROBLEMS)).check(z.maxLength(READING_PROBLEMS.length))),
  project: PageProjectSchema,
});
export type SiteHealthReport = z.infer<typeof SiteHealthReportSchema>;

/**
 * Names one conversation. A page names its conversation (its site is the sender's); the side
 * panel names a tab (`tabId`: the conversation that tab shows) or a site + conversation.
 */
export const ConversationRefSchema = z.object({
  conversationId: z.optional(ConversationIdSchema),
  site: z.optional(z.enum(SITE_IDS)),
  url: z.optional(PageUrlSchema),
  tabId: z.optional(z.int()),
});

/** `chatId` is null for a tab that shows no conversation yet (a new chat). */
export const ChatStatusSchema = z.object({
  chatId: z.nullable(z.string()),
  excluded: z.boolean(),
  state: z.nullable(z.enum(CHAT_STATES)),
  turns: z.int(),
});
