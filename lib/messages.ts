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
  InjectionSchema,
  JOB_STATES,
  MemoryRecordSchema,
  MemorySourceSchema,
  MemoryStatusSchema,
  MemoryTypeSchema,
  QueuePauseSchema,
  ScopeSchema,
  ScorePartsSchema,
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

/** What the side panel shows: `not_connected` = no report from a chat page in that tab. */
export const HEALTH_STATES = ['working', 'composer_missing', 'messages_missing', 'not_connected'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const SiteHealthReportSchema = z.object({
  conversationId: z.nullable(ConversationIdSchema),
  url: PageUrlSchema,
  matched: SelectorMatchesSchema,
  turns: z.int().check(z.minimum(0)),
  /** What the composer holds, for the side panel's live preview (kept in session storage only). */
  draft: z.optional(z.string().check(z.maxLength(10_000))),
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
  draft: z.optional(z.string()),
  at: z.nullable(z.string()),
});
export type TabHealth = z.infer<typeof TabHealthSchema>;

/**
 * Names one conversation. A page names its conversation (its site is the sender's); the side
 * panel names a tab (`tabId`: the conversation that tab shows) or a site + conversation.
 */
const ConversationRefSchema = z.object({
  conversationId: z.optional(ConversationIdSchema),
  site: z.optional(SiteIdSchema),
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
  /** Memories the user switched off in This tab: left out of that tab's next injections. */
  'tab.exclude': def(
    EXT,
    z.object({ tabId: z.int(), ids: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000)) }),
    z.object({ excluded: z.int() }),
  ),
  'chats.get': def(EXT, z.object({ id: z.string().check(z.maxLength(400)) }), z.nullable(ChatSchema)),
} as const;

export const MaintenanceReportSchema = z.object({
  at: z.string(),
  archivedTasks: z.int(),
  purgedSuperseded: z.int(),
  downWeightedFacts: z.int(),
  droppedTranscripts: z.int(),
});

export const StoreStatusSchema = z.object({
  usageBytes: z.nullable(z.number()),
  quotaBytes: z.nullable(z.number()),
  memories: z.int(),
  chats: z.int(),
  quarantined: z.int(),
  incident: z.nullable(z.object({ at: z.string(), error: z.string(), restoredFrom: z.nullable(z.string()) })),
  lastMaintenance: z.nullable(MaintenanceReportSchema),
});
/** What the ranker decided the draft is for (lib/memory/intent.ts). */
export const IntentKindSchema = z.enum(['greeting', 'opinion', 'continuation', 'lookup']);

/**
 * One ranked memory as the side panel shows it: the score is the sum of its named parts
 * (text, intent, importance, recency, hits, feedback); `conflictsWith` names another returned
 * memory it contradicts (like vs dislike); `tokens` is what its line costs in the block.
 */
export const ScoredMemorySchema = z.object({
  memory: MemoryRecordSchema,
  score: z.number(),
  parts: ScorePartsSchema,
  conflictsWith: z.nullable(z.string()),
  tokens: z.int(),
});

const FeedbackKindSchema = z.enum(['confirmed', 'corrected']);
// ── Extraction queue, connection test and usage (issue #4) ─────────────────────────────────

/** One queued extraction as the side panel lists it. */
export const JobViewSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  chatTitle: z.string(),
  site: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.int(),
  nextAttemptAt: z.string(),
  lastError: z.nullable(z.string()),
  outcome: z.nullable(z.string()),
  inputTokens: z.int(),
  outputTokens: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof JobViewSchema>;

export const UsageTotalsSchema = z.object({
  /** A UTC day (`YYYY-MM-DD`) or, for a month, its first day. */
  day: z.string(),
  inputTokens: z.int(),
  outputTokens: z.int(),
  costUsd: z.number(),
  calls: z.int(),
});

export const UsageSummarySchema = z.object({
  today: UsageTotalsSchema,
  month: UsageTotalsSchema,
  /** The last 30 UTC days that had calls, oldest first. */
  days: z.array(UsageTotalsSchema),
  /** Tokens (input + output) per UTC day; 0 = no cap. */
  dailyTokenCap: z.int(),
  capReached: z.boolean(),
  paused: z.nullable(QueuePauseSchema),
  /** The price the cost estimate assumes for the configured model (lib/pricing.ts). */
  price: z.object({ model: z.string(), inputPerMTok: z.number(), outputPerMTok: z.number(), known: z.boolean() }),
});

const extractionMessages = {
  'queue.list': def(EXT, Empty, z.object({ jobs: z.array(JobViewSchema), paused: z.nullable(QueuePauseSchema) })),
  /** Finishes the chat and runs its extraction now (a failed job for this version runs again). */
  'queue.extractNow': def(
    EXT,
    z.object({ chatId: z.string().check(z.minLength(1), z.maxLength(300)) }),
    z.object({ jobId: z.nullable(z.string()), queued: z.boolean(), message: z.string() }),
  ),
  'queue.retry': def(EXT, z.object({ jobId: z.string().check(z.maxLength(400)) }), JobViewSchema),
  'queue.discard': def(
    EXT,
    z.object({ jobId: z.string().check(z.maxLength(400)) }),
    z.object({ discarded: z.boolean() }),
  ),
  'usage.summary': def(EXT, Empty, UsageSummarySchema),
} as const;

/** What a bulk action may change: never content (that is one memory at a time). */
export const BulkPatchSchema = z.pick(MemoryPatchSchema, {
  type: true,
  scope: true,
  status: true,
  pinned: true,
  importance: true,
});

/** Text the user chose "Remember this" on, waiting for the side panel to confirm it. */
export const PendingDraftSchema = z.object({
  text: z.string().check(z.minLength(1), z.maxLength(4000)),
  url: z.string().check(z.maxLength(2000)),
  title: z.string().check(z.maxLength(500)),
  site: z.nullable(SiteIdSchema),
  at: z.string(),
});

export const CONNECTION_PROBLEMS = [
  'none',
  'no_key',
  'bad_key',
  'forbidden',
  'not_found',
  'rate_limited',
  'overloaded',
  'server',
  'network',
  'bad_base_url',
  'other',
] as const;

export const ConnectionResultSchema = z.object({
  ok: z.boolean(),
  problem: z.enum(CONNECTION_PROBLEMS),
  status: z.nullable(z.int()),
  /** The API's own message, scrubbed of the key; shown under the plain-words line. */
  detail: z.string(),
  model: z.string(),
});

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
      /** Where a hand-added memory came from ("Remember this" on a page). */
      source: z.optional(z.nullable(MemorySourceSchema)),
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
  /** Health of the store for Settings: size, counts, quarantined records, last incident. */
  'store.status': def(EXT, Empty, StoreStatusSchema),
  'quarantine.list': def(
    EXT,
    Empty,
    z.array(z.object({ id: z.string(), table: z.string(), at: z.string(), reason: z.string(), record: z.unknown() })),
  ),
  'maintenance.run': def(EXT, Empty, MaintenanceReportSchema),
  /**
   * Search as you type (side panel): active memories of every scope ranked for `query` as a
   * plain lookup (no greeting/intent shortcuts), with score parts.
   */
  'memories.search': def(
    EXT,
    z.object({
      query: z.string().check(z.maxLength(10_000)),
      limit: z.optional(z.int().check(z.minimum(1), z.maximum(500))),
    }),
    z.object({ results: z.array(ScoredMemorySchema) }),
  ),
  /**
   * What would be injected on `site` for `draft`, at that site's budget, without recording
   * anything; `exclude` takes memories out (the user unticked them), and the next ones move up.
   */
  'inject.preview': def(
    EXT,
    z.object({
      site: SiteIdSchema,
      draft: z.string().check(z.maxLength(100_000)),
      exclude: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000))),
    }),
    z.object({
      intent: IntentKindSchema,
      block: z.nullable(z.string()),
      tokens: z.int(),
      budgetTokens: z.int(),
      items: z.array(ScoredMemorySchema),
    }),
  ),
  /**
   * The user's next message after an injection, from the chat page (the sites engineer sends it
   * for the message that follows the one carrying the block). A correction ("不对", "你记错了",
   * "that's wrong", "I never said") lowers the memories of the last injection recorded for this
   * chat (or, without `chatId`, this tab); a confirmation ("对，就是这样", "exactly") raises
   * them. Each injection takes feedback once; anything else changes nothing.
   */
  'inject.followup': def(
    ['content'],
    z.object({
      text: z.string().check(z.maxLength(100_000)),
      chatId: z.optional(z.nullable(z.string().check(z.maxLength(300)))),
    }),
    z.object({
      feedback: z.nullable(FeedbackKindSchema),
      injectionId: z.nullable(z.string()),
      memoryIds: z.array(z.string()),
    }),
  ),
  ...extractionMessages,

  // ─── Side panel (issue #6) ───────────────────────────────────────────────────────────────
  /** Bulk change type / scope / status / pin / importance; returns before/after for undo. */
  'memories.bulkUpdate': def(
    EXT,
    z.object({ ids: z.array(z.string()).check(z.minLength(1), z.maxLength(100_000)), patch: BulkPatchSchema }),
    z.object({ before: z.array(MemoryRecordSchema), after: z.array(MemoryRecordSchema) }),
  ),
  /** "This was wrong" on an Activity entry: demote (feedback −1, importance −1) or delete. */
  'injections.markWrong': def(
    EXT,
    z.object({ injectionId: z.string(), memoryId: z.string(), action: z.enum(['demote', 'delete']) }),
    z.object({ memoryBefore: MemoryRecordSchema, injectionBefore: InjectionSchema }),
  ),
  /** Puts audit records back exactly (undo of "this was wrong"). */
  'injections.restore': def(
    EXT,
    z.object({ records: z.array(InjectionSchema).check(z.maxLength(1000)) }),
    z.object({ restored: z.int() }),
  ),
  /** Takes (and clears) the text waiting from the "Remember this" context menu. */
  'menu.pending': def(EXT, Empty, z.object({ draft: z.nullable(PendingDraftSchema) })),
  /**
   * One tiny real call to the Messages API with the saved key (or the one being typed).
   * Shared with the extraction issue, which may replace the handler; the shape stays.
   */
  'connection.test': def(
    EXT,
    z.object({
      apiKey: z.optional(z.string().check(z.maxLength(500))),
      baseUrl: z.optional(z.string().check(z.maxLength(500))),
      model: z.optional(z.string().check(z.maxLength(100))),
    }),
    ConnectionResultSchema,
  ),

  ping: def(['extension', 'content'], Empty, Ok),
} as const;

export type MessageType = keyof typeof PROTOCOL;
export type RequestOf<T extends MessageType> = z.input<(typeof PROTOCOL)[T]['req']>;
export type ParsedRequestOf<T extends MessageType> = z.output<(typeof PROTOCOL)[T]['req']>;
export type ResponseOf<T extends MessageType> = z.output<(typeof PROTOCOL)[T]['res']>;

export const ERROR_CODES = ['bad_request', 'unknown_type', 'forbidden', 'storage_full', 'failed'] as const;
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
