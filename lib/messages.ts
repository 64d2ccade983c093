/**
 * The whole protocol between contexts. Each message names who may send it, a zod request and
 * a zod response. The background parses every request on arrival and checks the sender; a
 * message from a page's content script (`content`) is trusted with nothing: never the key,
 * never settings, never another site's memories. Replies are `{ ok: true, data }` or
 * `{ ok: false, error }`. zod/mini only: this file is bundled into the content script.
 */
import * as z from 'zod/mini';
import { SELECTOR_KEYS } from './adapters/types';
import {
  CHAT_STATES,
  ChatSchema,
  ImportanceSchema,
  MemoryRecordSchema,
  MemoryStatusSchema,
  MemoryTypeSchema,
  ScopeSchema,
  SiteIdSchema,
} from './memory/types';
import { SettingsSchema, SiteModeSchema } from './settings-schema';

export type SenderKind = 'extension' | 'content';

interface MessageDef<Req extends z.ZodMiniType, Res extends z.ZodMiniType> {
  readonly from: readonly SenderKind[];
  readonly req: Req;
  readonly res: Res;
}

function def<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  from: readonly SenderKind[],
  req: Req,
  res: Res,
): MessageDef<Req, Res> {
  return { from, req, res };
}

const EXT = ['extension'] as const;
const Empty = z.object({});
const Ok = z.object({});

/** Settings as the UI sees them: the key itself never leaves the background. */
export const PublicSettingsSchema = z.object({
  settings: SettingsSchema,
  hasApiKey: z.boolean(),
});

export const ImportReportSchema = z.object({
  added: z.int(),
  updated: z.int(),
  skipped: z.int(),
  chats: z.int(),
  settingsApplied: z.boolean(),
});

export const BackupSummarySchema = z.object({
  id: z.string(),
  at: z.string(),
  reason: z.string(),
  memoryCount: z.int(),
  chatCount: z.int(),
  checksum: z.string(),
});

export const MemoryPatchSchema = z.object({
  content: z.optional(z.string().check(z.minLength(1), z.maxLength(4000))),
  type: z.optional(MemoryTypeSchema),
  importance: z.optional(ImportanceSchema),
  scope: z.optional(ScopeSchema),
  note: z.optional(z.string().check(z.maxLength(4000))),
  pinned: z.optional(z.boolean()),
  status: z.optional(MemoryStatusSchema),
});

// ---- Chat pages: capture, exclusion, site health (issue #3) --------------------------------
// A content script never names its site: the router derives it from the sender's URL. The
// side panel (an extension page) names the site explicitly for the chat.* messages.

const ConversationIdSchema = z.string().check(z.minLength(1), z.maxLength(300));
const PageUrlSchema = z.string().check(z.maxLength(4000));

export const CapturedTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().check(z.maxLength(200_000)),
});

/** Which entry of each adapter selector list matched on the page (null: none). */
export const SelectorMatchesSchema = z.record(z.enum(SELECTOR_KEYS), z.nullable(z.string().check(z.maxLength(300))));

export const HEALTH_STATES = [
  'working',
  'composer-missing',
  'messages-missing',
  'no-report',
  'not-a-chat-site',
] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const SiteHealthReportSchema = z.object({
  conversationId: z.nullable(ConversationIdSchema),
  url: PageUrlSchema,
  matched: SelectorMatchesSchema,
  turns: z.int().check(z.minimum(0)),
});
export type SiteHealthReport = z.infer<typeof SiteHealthReportSchema>;

export const TabHealthSchema = z.object({
  tabId: z.nullable(z.int()),
  site: z.nullable(SiteIdSchema),
  state: z.enum(HEALTH_STATES),
  conversationId: z.nullable(z.string()),
  chatId: z.nullable(z.string()),
  excluded: z.boolean(),
  matched: z.nullable(SelectorMatchesSchema),
  turns: z.int(),
  at: z.nullable(z.string()),
});
export type TabHealth = z.infer<typeof TabHealthSchema>;

/** Names one conversation; `site` is read only from extension pages (content: the sender's). */
const ConversationRefSchema = z.object({
  conversationId: ConversationIdSchema,
  site: z.optional(SiteIdSchema),
  url: z.optional(PageUrlSchema),
});

export const ChatStatusSchema = z.object({
  chatId: z.string(),
  excluded: z.boolean(),
  state: z.nullable(z.enum(CHAT_STATES)),
  turns: z.int(),
});

export const ChatSummarySchema = z.object({
  id: z.string(),
  site: SiteIdSchema,
  title: z.string(),
  url: z.string(),
  state: z.enum(CHAT_STATES),
  turns: z.int(),
  updatedAt: z.string(),
});

const CHAT_PAGE = ['content'] as const;
const EITHER = ['content', 'extension'] as const;

const CHAT_MESSAGES = {
  /** The page's own site mode; never the key or any other setting. */
  'site.config': def(CHAT_PAGE, Empty, z.object({ enabled: z.boolean(), mode: SiteModeSchema })),
  /** Which selectors matched on the page; kept per tab for `tab.health`. */
  'site.health': def(CHAT_PAGE, SiteHealthReportSchema, Ok),
  /** The side panel asks about a tab (default: the active tab of the last focused window). */
  'tab.health': def(EXT, z.object({ tabId: z.optional(z.int()) }), TabHealthSchema),
  /** The whole ordered list of turns the page shows; storing it is idempotent. */
  'chat.capture': def(
    CHAT_PAGE,
    z.object({
      conversationId: ConversationIdSchema,
      url: PageUrlSchema,
      title: z.string().check(z.maxLength(300)),
      turns: z.array(CapturedTurnSchema).check(z.maxLength(5000)),
    }),
    z.object({ chatId: z.string(), excluded: z.boolean() }),
  ),
  /** The tab moved to another conversation: the one it left is finished. */
  'chat.left': def(CHAT_PAGE, z.object({ conversationId: ConversationIdSchema }), z.object({ queued: z.boolean() })),
  'chat.status': def(EITHER, ConversationRefSchema, ChatStatusSchema),
  /** "Don't remember this chat": its transcript is dropped and later captures are ignored. */
  'chat.exclude': def(EITHER, ConversationRefSchema, ChatStatusSchema),
  'chat.include': def(EITHER, ConversationRefSchema, ChatStatusSchema),
  'chats.list': def(EXT, Empty, z.array(ChatSummarySchema)),
  'chats.get': def(EXT, z.object({ id: z.string().check(z.maxLength(400)) }), z.nullable(ChatSchema)),
} as const;

export const PROTOCOL = {
  ...CHAT_MESSAGES,
  'settings.get': def(EXT, Empty, PublicSettingsSchema),
  'settings.set': def(
    EXT,
    z.object({ settings: SettingsSchema, apiKey: z.optional(z.nullable(z.string().check(z.maxLength(500)))) }),
    PublicSettingsSchema,
  ),
  'memories.add': def(
    EXT,
    z.object({
      content: z.string().check(z.minLength(1), z.maxLength(4000)),
      type: MemoryTypeSchema,
      importance: z.optional(ImportanceSchema),
      scope: z.optional(ScopeSchema),
      note: z.optional(z.string().check(z.maxLength(4000))),
    }),
    MemoryRecordSchema,
  ),
  'memories.update': def(
    EXT,
    z.object({ id: z.string(), patch: MemoryPatchSchema }),
    z.object({ before: MemoryRecordSchema, after: MemoryRecordSchema }),
  ),
  'memories.delete': def(
    EXT,
    z.object({ ids: z.array(z.string()).check(z.maxLength(100_000)) }),
    z.object({ deleted: z.array(MemoryRecordSchema) }),
  ),
  /** Puts records back exactly as they were: the side panel's undo. */
  'memories.restore': def(
    EXT,
    z.object({ records: z.array(MemoryRecordSchema).check(z.maxLength(100_000)) }),
    z.object({ restored: z.int() }),
  ),
  'transfer.export': def(EXT, Empty, z.object({ text: z.string() })),
  'transfer.import': def(EXT, z.object({ text: z.string() }), ImportReportSchema),
  'backups.list': def(EXT, Empty, z.array(BackupSummarySchema)),
  'backups.create': def(EXT, z.object({ reason: z.string().check(z.maxLength(200)) }), BackupSummarySchema),
  'backups.restore': def(EXT, z.object({ id: z.string() }), z.object({ memories: z.int(), chats: z.int() })),
  /** A chat page asks for the memory block for its draft; the site comes from the sender. */
  'inject.prepare': def(
    ['content'],
    z.object({ draft: z.string().check(z.maxLength(100_000)) }),
    z.object({
      block: z.nullable(z.string()),
      token: z.nullable(z.string()),
      memoryIds: z.array(z.string()),
      tokens: z.int(),
    }),
  ),
  /** The page sent a message carrying the prepared block: write the audit record and hits. */
  'inject.record': def(
    ['content'],
    z.object({
      token: z.string().check(z.maxLength(100)),
      chatId: z.optional(z.nullable(z.string().check(z.maxLength(300)))),
    }),
    z.object({ recorded: z.boolean() }),
  ),
  ping: def(['extension', 'content'], Empty, Ok),
} as const;

export type MessageType = keyof typeof PROTOCOL;
export type RequestOf<T extends MessageType> = z.input<(typeof PROTOCOL)[T]['req']>;
export type ParsedRequestOf<T extends MessageType> = z.output<(typeof PROTOCOL)[T]['req']>;
export type ResponseOf<T extends MessageType> = z.output<(typeof PROTOCOL)[T]['res']>;

export const ERROR_CODES = ['bad_request', 'unknown_type', 'forbidden', 'failed'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type Reply<T> = { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string } };

export const EnvelopeSchema = z.object({ type: z.string().check(z.maxLength(100)), payload: z.unknown() });

export function isMessageType(value: string): value is MessageType {
  return Object.hasOwn(PROTOCOL, value);
}

export class MessageError extends Error {
  override name = 'MessageError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
