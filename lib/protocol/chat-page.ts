/**
 * What a chat page (the content script) may send, with each message's request and response.
 * A page is trusted with nothing: never the key, never settings, never another site's
 * memories; its site is always the sender's, never a field it names. The content script
 * bundles this file and what it imports, so keep panel-only schemas out of it.
 */
import * as z from 'zod/mini';
import {
  CapturedTurnSchema,
  ChatStatusSchema,
  ConversationIdSchema,
  ConversationRefSchema,
  PageProjectSchema,
  PageUrlSchema,
  SiteHealthReportSchema,
} from '../page/page-schemas';
import { FeedbackKindSchema } from '../ranking/feedback';
import { MAX_CHAT_TURNS } from '../sites/bounds';
import { SITE_MODES } from '../sites/ids';
import { def, Empty, Ok } from './define';

const ChatIdSchema = z.optional(z.nullable(z.string().check(z.maxLength(300))));

/** Messages a chat page and an extension page may both send. */
export const EITHER_SENDER_MESSAGES = {
  'chat.status': def(ConversationRefSchema, ChatStatusSchema),
  /** "Don't remember this chat": its transcript is dropped and later captures are ignored. */
  'chat.exclude': def(ConversationRefSchema, ChatStatusSchema),
  'chat.include': def(ConversationRefSchema, ChatStatusSchema),
  ping: def(Empty, Ok),
} as const;

export const CHAT_PAGE_MESSAGES = {
  ...EITHER_SENDER_MESSAGES,
  /**
   * The page's own site switches (learning from its chats; adding memories there) and the
   * mark this install writes in its blocks; never the key or any other setting.
   */
  'site.config': def(
    Empty,
    z.object({
      learn: z.boolean(),
      inject: z.enum(SITE_MODES),
      mark: z.string(),
      /** The panel's language setting: the page's own controls speak it too. */
      language: z.enum(['auto', 'en', 'zh']),
    }),
  ),
  /** Which selectors matched on the page; kept per tab for `tab.health`. */
  'site.health': def(SiteHealthReportSchema, Ok),
  /**
   * The ordered list of turns the page shows, from turn `base` on (0: all of them); `prefix`
   * is the fingerprint of the turns before `base` (lib/content/turn-hash.ts). When the stored
   * chat's first `base` turns do not have that fingerprint the answer is `resend`, and the page
   * sends everything. Storing is idempotent.
   */
  'chat.capture': def(
    z.object({
      conversationId: ConversationIdSchema,
      url: PageUrlSchema,
      title: z.string().check(z.maxLength(300)),
      base: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_CHAT_TURNS))),
      prefix: z.optional(z.string().check(z.maxLength(20))),
      // The content script sends no more than the bounds keep (lib/sites/bounds.ts).
      turns: z.array(CapturedTurnSchema).check(z.maxLength(MAX_CHAT_TURNS)),
      project: PageProjectSchema,
    }),
    z.object({ chatId: z.string(), excluded: z.boolean(), resend: z.optional(z.boolean()) }),
  ),
  /**
   * The user sent a message here: a trusted Enter or click on the site's composer (never an
   * event a page dispatched). The background keeps it for this tab, so a later capture knows
   * which user turns were typed here (lib/db/sends.ts).
   */
  'chat.sent': def(z.object({ text: z.string().check(z.maxLength(100_000)) }), Ok),
  /** The tab moved to another conversation: the one it left is finished. */
  'chat.left': def(z.object({ conversationId: ConversationIdSchema }), z.object({ queued: z.boolean() })),
  /**
   * The memory block for the text the user typed. `warm` (while typing) chooses it and hands
   * nothing out, and tells the background the user paused (request keywords may be asked for); `send` (the message is going) and `hand` (inserted by hand) hand it out, each
   * counted against the tab's and site's hourly bound.
   */
  'inject.prepare': def(
    z.object({
      draft: z.string().check(z.maxLength(100_000)),
      use: z._default(z.enum(['warm', 'send', 'hand']), 'send'),
      /**
       * The page's own switch for this chat (false once the user asked not to remember it, even
       * before it has an id). `warm`: request keywords are never asked for otherwise; `send` and
       * `hand`: the block's record keeps no query.
       */
      learn: z.optional(z.boolean()),
      /** The site project the page is in: with the user's mapping, it may decide the chat's space. */
      project: PageProjectSchema,
    }),
    z.object({
      block: z.nullable(z.string()),
      token: z.nullable(z.string()),
      memoryIds: z.array(z.string()),
      tokens: z.int(),
    }),
  ),
  /** The page sent a message carrying the prepared block: write the audit record and hits. */
  'inject.record': def(
    z.object({ token: z.string().check(z.maxLength(100)), chatId: ChatIdSchema }),
    z.object({ recorded: z.boolean() }),
  ),
  /**
   * The prepared block was not ready within the page's hold, so the first message went without
   * it: record the miss ("not ready in time"). The conversation's next message carries the
   * block, and its inject.record marks the same entry as carried.
   */
  'inject.missed': def(z.object({ token: z.string().check(z.maxLength(100)) }), z.object({ recorded: z.boolean() })),
  /**
   * The user's next message after an injection. A correction lowers the memories of the last
   * injection recorded for this chat (or, without `chatId`, this tab); a confirmation raises
   * them. Each injection takes feedback once; anything else changes nothing.
   */
  'inject.followup': def(
    z.object({ text: z.string().check(z.maxLength(100_000)), chatId: ChatIdSchema }),
    z.object({
      feedback: z.nullable(FeedbackKindSchema),
      injectionId: z.nullable(z.string()),
      memoryIds: z.array(z.string()),
    }),
  ),
} as const;
