/**
 * What an extension page (the side panel) may send, with each message's request and
 * response. Payload schemas live with the code of their domain.
 */
import * as z from 'zod/mini';
import { BridgeStatusSchema } from '../bridge/status';
import { RefineAnswerSchema } from '../bring-in/refine-prompt';
import { BringInItemsSchema, ItemCheckSchema, MergeStatsSchema, RefineRequestSchema } from '../bring-in/schemas';
import {
  BackupSummarySchema,
  ChatSummarySchema,
  MaintenanceReportSchema,
  QuarantineItemSchema,
  StoreStatusSchema,
} from '../db/reports';
import { BatchEstimateSchema, BatchFilterSchema, BatchPickSchema, BatchStartSchema } from '../extraction/batch-schemas';
import { JobViewSchema, UsageSummarySchema } from '../extraction/views';
import {
  HistoryImportRequestSchema,
  HistoryImportResponseSchema,
  HistoryListRequestSchema,
  HistoryListResponseSchema,
  HistorySearchRequestSchema,
  HistorySearchResponseSchema,
} from '../history/schemas';
import { BulkPatchSchema, MemoryPatchSchema, NewMemorySchema } from '../memory/edits';
import { PendingDraftSchema } from '../memory/pending-draft';
import { SPACE_MEMORY_FATES } from '../memory/space-fates';
import { ProjectKeySchema, SPACE_SOURCES, SpaceIdSchema, SpaceSchema } from '../memory/spaces';
import {
  ChatSchema,
  InjectionSchema,
  MemoryContentSchema,
  MemoryRecordSchema,
  QueuePauseSchema,
  SiteIdSchema,
} from '../memory/types';
import { ImportReportSchema } from '../memory-file/report';
import { TabHealthSchema } from '../page/site-health';
import { ConnectionResultSchema } from '../provider/connection-result';
import { ConsentStateSchema } from '../provider/consent-state';
import { AUTH_STYLES, PROVIDER_IDS } from '../provider/presets';
import { InjectionPreviewSchema, ScoredMemorySchema } from '../ranking/schemas';
import { DesktopToolsSchema, PublicSettingsSchema, SettingsSchema } from '../settings/schema';
import { EnableRequestSchema, SyncStatusSchema, TravelSchema } from '../sync/schemas';
import {
  TidyAcceptRequestSchema,
  TidyAcceptResultSchema,
  TidyEstimateSchema,
  TidyIdsSchema,
  TidyRunRequestSchema,
  TidyRunResultSchema,
  TidyStatusSchema,
} from '../tidy/schemas';
import { WORK_KINDS, WorkProgressSchema } from '../work/progress';
import { EITHER_SENDER_MESSAGES } from './chat-page';
import { def, Empty, Ok } from './define';

const IdSchema = z.string().check(z.maxLength(400));
const ReviewResultSchema = z.object({
  before: z.array(MemoryRecordSchema),
  created: z.array(z.string()),
  count: z.int(),
});
const MemoryIdsSchema = z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000));

const chats = {
  /** The side panel asks about a tab (default: the active tab of the last focused window). */
  'tab.health': def(z.object({ tabId: z.optional(z.int()) }), TabHealthSchema),
  'chats.list': def(Empty, z.array(ChatSummarySchema)),
  'chats.get': def(z.object({ id: IdSchema }), z.nullable(ChatSchema)),
  /** Memories the user switched off in This tab: left out of that tab's next injections. */
  'tab.exclude': def(z.object({ tabId: z.int(), ids: MemoryIdsSchema }), z.object({ excluded: z.int() })),
} as const;

/** Chat history: search and list run here only, never for a content script. */
const history = {
  'history.search': def(HistorySearchRequestSchema, HistorySearchResponseSchema),
  'history.list': def(HistoryListRequestSchema, HistoryListResponseSchema),
  /** One batch of conversations read from a site's export: stored as history and indexed before the reply. */
  'history.import': def(HistoryImportRequestSchema, HistoryImportResponseSchema),
  /** The panel's reader finished (or stopped): the import's progress bar ends. */
  'history.importEnd': def(
    z.object({ importId: z.string().check(z.maxLength(100)), failed: z.boolean() }),
    z.object({ ended: z.boolean() }),
  ),
  /** Deletes chats: their text leaves the store, the search index and every backup. */
  'history.delete': def(
    z.object({ ids: z.array(IdSchema).check(z.minLength(1), z.maxLength(1000)) }),
    z.object({ deleted: z.int(), backupsChanged: z.int() }),
  ),
} as const;

const memories = {
  'memories.add': def(NewMemorySchema, MemoryRecordSchema),
  'memories.update': def(
    z.object({ id: z.string(), patch: MemoryPatchSchema }),
    /** `versionId`: the version that now holds the old text, when the text changed (undo removes it). */
    z.object({ before: MemoryRecordSchema, after: MemoryRecordSchema, versionId: z.optional(z.string()) }),
  ),
  'memories.delete': def(
    z.object({ ids: z.array(z.string()).check(z.maxLength(100_000)) }),
    /** `backupSkipped`: storage was full, so the delete went ahead without its backup. */
    z.object({ deleted: z.array(MemoryRecordSchema), backupSkipped: z.boolean() }),
  ),
  /** Puts records back exactly as they were, and removes those the action created: the side panel's undo. */
  'memories.restore': def(
    z.object({
      records: z.array(MemoryRecordSchema).check(z.maxLength(100_000)),
      remove: z.optional(MemoryIdsSchema),
    }),
    z.object({ restored: z.int() }),
  ),
  /**
   * Accepts proposals (a proposed change is applied, the old text kept as a version); with
   * `content`, exactly one, as the user edited it. Returns what undo needs.
   */
  'memories.accept': def(
    z.object({ ids: MemoryIdsSchema.check(z.minLength(1)), content: z.optional(MemoryContentSchema) }),
    ReviewResultSchema,
  ),
  /** Rejects proposals: removed, returned for undo. */
  'memories.reject': def(z.object({ ids: MemoryIdsSchema.check(z.minLength(1)) }), ReviewResultSchema),
  /** How many memories wait for review. */
  'memories.proposedCount': def(Empty, z.object({ count: z.int() })),
  /** Bulk change type / scope / status / pin / importance; returns before/after for undo. */
  'memories.bulkUpdate': def(
    z.object({ ids: z.array(z.string()).check(z.minLength(1), z.maxLength(100_000)), patch: BulkPatchSchema }),
    z.object({ before: z.array(MemoryRecordSchema), after: z.array(MemoryRecordSchema) }),
  ),
  /** Takes (and clears) the text waiting from the "Remember this" context menu. */
  'menu.pending': def(Empty, z.object({ draft: z.nullable(PendingDraftSchema) })),
} as const;

const ranking = {
  /**
   * Search as you type: active memories of every scope ranked for `query` as a plain lookup
   * (no greeting/intent shortcuts), with score parts.
   */
  'memories.search': def(
    z.object({
      query: z.string().check(z.maxLength(10_000)),
      limit: z.optional(z.int().check(z.minimum(1), z.maximum(500))),
    }),
    z.object({ results: z.array(ScoredMemorySchema) }),
  ),
  /**
   * What would be injected on `site` for `draft`, at that site's budget, without recording
   * anything; `exclude` takes memories out (the user unticked them), and the next ones move up.
   * With `tabId`, the preview says which memories the tab's request keywords changed.
   */
  'inject.preview': def(
    z.object({
      site: SiteIdSchema,
      draft: z.string().check(z.maxLength(100_000)),
      exclude: z.optional(MemoryIdsSchema),
      /** The chat tab the draft is typed in: its request keywords, if any arrived, rank it too. */
      tabId: z.optional(z.int()),
    }),
    InjectionPreviewSchema,
  ),
  /** "This was wrong" on an Activity entry: demote (feedback −1, importance −1) or delete. */
  'injections.markWrong': def(
    z.object({ injectionId: z.string(), memoryId: z.string(), action: z.enum(['demote', 'delete']) }),
    z.object({ memoryBefore: MemoryRecordSchema, injectionBefore: InjectionSchema }),
  ),
  /** Puts audit records back exactly (undo of "this was wrong"). */
  'injections.restore': def(
    z.object({ records: z.array(InjectionSchema).check(z.maxLength(1000)) }),
    z.object({ restored: z.int() }),
  ),
} as const;

const extraction = {
  'queue.list': def(Empty, z.object({ jobs: z.array(JobViewSchema), paused: z.nullable(QueuePauseSchema) })),
  /** Finishes the chat and runs its extraction now (a failed job for this version runs again). */
  'queue.extractNow': def(
    z.object({ chatId: z.string().check(z.minLength(1), z.maxLength(300)) }),
    z.object({ jobId: z.nullable(z.string()), queued: z.boolean(), message: z.string() }),
  ),
  'queue.retry': def(z.object({ jobId: IdSchema }), JobViewSchema),
  'queue.discard': def(z.object({ jobId: IdSchema }), z.object({ discarded: z.boolean() })),
  'usage.summary': def(Empty, UsageSummarySchema),
  /** One tiny real call to the Messages API with the saved key (or the one being typed). */
  'connection.test': def(
    z.object({
      apiKey: z.optional(z.string().check(z.maxLength(500))),
      baseUrl: z.optional(z.string().check(z.maxLength(500))),
      model: z.optional(z.string().check(z.maxLength(100))),
      /** The provider and auth style being tried (Settings' unsaved choice); saved ones otherwise. */
      provider: z.optional(z.enum(PROVIDER_IDS)),
      authStyle: z.optional(z.enum(AUTH_STYLES)),
    }),
    ConnectionResultSchema,
  ),
  /** The origins the notice before calls to a provider outside this computer was accepted for (lib/db/consent.ts). */
  'consent.get': def(Empty, ConsentStateSchema),
  /**
   * The user's "I agree" on the notice naming the receiver of `baseUrl`, for that origin only:
   * the side panel only, never a page or a desktop tool.
   */
  'consent.accept': def(z.object({ baseUrl: z.string().check(z.maxLength(500)) }), ConsentStateSchema),
  /** The user takes the notice back for one origin: calls there stop until agreed again (side panel only). */
  'consent.withdraw': def(z.object({ origin: z.string().check(z.maxLength(500)) }), ConsentStateSchema),
} as const;

const store = {
  'settings.get': def(Empty, PublicSettingsSchema),
  'settings.set': def(
    z.object({
      settings: SettingsSchema,
      /** What the form started from: only fields changed since then are written (field-wise). */
      base: z.optional(SettingsSchema),
      apiKey: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
    }),
    PublicSettingsSchema,
  ),
  /** `chatHistory`: every chat's messages word for word; otherwise chats carry only their summaries. */
  'transfer.export': def(z.object({ chatHistory: z.optional(z.boolean()) }), z.object({ text: z.string() })),
  'transfer.import': def(z.object({ text: z.string() }), ImportReportSchema),
  /** The user confirmed the settings changes an import proposed: only importable ones apply. */
  'transfer.applySettings': def(
    z.object({
      changes: z.array(z.object({ path: z.string().check(z.maxLength(200)), to: z.unknown() })).check(z.maxLength(500)),
      /** The import's undo record: undoing the import puts these settings back too. */
      undoId: z.optional(z.string().check(z.maxLength(100))),
    }),
    z.object({ settings: SettingsSchema }),
  ),
  'backups.list': def(Empty, z.array(BackupSummarySchema)),
  'backups.create': def(z.object({ reason: z.string().check(z.maxLength(200)) }), BackupSummarySchema),
  'backups.restore': def(
    z.object({ id: z.string() }),
    z.object({ memories: z.int(), chats: z.int(), undoId: z.string() }),
  ),
  /**
   * Undoes one import, bring-in or restore exactly (lib/db/undo-log.ts): what is still as the
   * action left it goes back, what changed since stays and is counted.
   */
  'undo.apply': def(
    z.object({ id: z.string().check(z.maxLength(100)) }),
    z.object({ reverted: z.int(), changedSince: z.int() }),
  ),
  /** Health of the store for Settings: size, counts, quarantined records, last incident. */
  'store.status': def(Empty, StoreStatusSchema),
  /** The start-up check again (the degraded banner's "Check again"), then the status it leaves. */
  'store.recheck': def(Empty, StoreStatusSchema),
  'quarantine.list': def(Empty, z.array(QuarantineItemSchema)),
  'maintenance.run': def(Empty, MaintenanceReportSchema),
} as const;

/**
 * Long work (import, export, restore, bring-in, model batches) reports progress as
 * `work.progress` events the background broadcasts (lib/work/progress.ts); these ask for the
 * runs in progress (a panel opened mid-run) and cancel one before it commits.
 */
const work = {
  'work.status': def(Empty, z.object({ running: z.array(WorkProgressSchema) })),
  'work.cancel': def(z.object({ kind: z.enum(WORK_KINDS) }), z.object({ cancelled: z.boolean() })),
} as const;

/** "Bring in memories": a dry run of the merge per item, the commit, and the model's refinement. */
const bringIn = {
  'bringIn.check': def(BringInItemsSchema, z.object({ checks: z.array(ItemCheckSchema) })),
  'bringIn.commit': def(BringInItemsSchema, z.extend(MergeStatsSchema, { undoId: z.string() })),
  'bringIn.refine': def(
    RefineRequestSchema,
    z.extend(RefineAnswerSchema, { inputTokens: z.int(), outputTokens: z.int() }),
  ),
} as const;

/**
 * "Add keywords": how many memories have none and what asking the model for them would cost
 * (shown before the user confirms), and the run itself (tracked work, batch by batch).
 */
const keywords = {
  'keywords.estimate': def(Empty, z.object({ count: z.int(), inputTokens: z.int(), outputTokens: z.int() })),
  'keywords.add': def(
    Empty,
    z.object({
      updated: z.int(),
      /** Memories whose batch came back malformed: left without keywords. */
      failed: z.int(),
      inputTokens: z.int(),
      outputTokens: z.int(),
      /** Cancelled: the batches before it keep their keywords. */
      stopped: z.boolean(),
    }),
  ),
} as const;

/**
 * Tidy-up: whether to suggest it, the estimate (local grouping, calls, tokens, price) shown
 * before any call, the run (tracked work, batch by batch under the daily cap), and the user's
 * answer to its proposals, each accepted one its own undo step.
 */
const tidy = {
  'tidy.status': def(Empty, TidyStatusSchema),
  'tidy.dismiss': def(Empty, Empty),
  'tidy.estimate': def(Empty, TidyEstimateSchema),
  'tidy.run': def(TidyRunRequestSchema, TidyRunResultSchema),
  'tidy.accept': def(TidyAcceptRequestSchema, TidyAcceptResultSchema),
  'tidy.reject': def(TidyIdsSchema, z.object({ rejected: z.int() })),
  'tidy.undo': def(
    z.object({ id: z.string().check(z.maxLength(100)) }),
    z.object({ reverted: z.int(), changedSince: z.int() }),
  ),
} as const;

/**
 * Desktop tools (the MCP bridge): their state, and their switches, which change only through
 * this message (never `settings.set`, never an import) and connect or close the bridge at once.
 */
const desktopTools = {
  'desktopTools.status': def(Empty, BridgeStatusSchema),
  'desktopTools.set': def(DesktopToolsSchema, BridgeStatusSchema),
} as const;

/**
 * "Extract memories from these": picked history chats, the estimate first (nothing is queued and
 * no call goes out), then one named batch in the extraction queue with pause, resume, cancel.
 * Progress is read live from the database by the panel.
 */
const extractBatch = {
  /** The chats of the current filter (site, dates), for "select all shown". */
  'extractBatch.pick': def(BatchFilterSchema, z.object({ chatIds: z.array(z.string()) })),
  'extractBatch.estimate': def(BatchPickSchema, BatchEstimateSchema),
  'extractBatch.start': def(BatchStartSchema, z.object({ batchId: z.string(), queued: z.int() })),
  'extractBatch.pause': def(z.object({ id: IdSchema }), z.object({ changed: z.boolean() })),
  'extractBatch.resume': def(z.object({ id: IdSchema }), z.object({ changed: z.boolean() })),
  'extractBatch.cancel': def(z.object({ id: IdSchema }), z.object({ dropped: z.int() })),
  'extractBatch.dismiss': def(z.object({ id: IdSchema }), z.object({ changed: z.boolean() })),
} as const;

/**
 * Sync (lib/sync/): set-up, a round now, the switches, turning off (keeps everything local) and
 * removing the database from the server (the request names it, as the user confirmed it).
 * Panel only: a chat page can send none of them.
 */
const sync = {
  'sync.status': def(Empty, SyncStatusSchema),
  'sync.enable': def(EnableRequestSchema, SyncStatusSchema),
  'sync.now': def(Empty, SyncStatusSchema),
  'sync.setTravel': def(TravelSchema, SyncStatusSchema),
  'sync.disable': def(Empty, SyncStatusSchema),
  'sync.removeRemote': def(z.object({ database: z.string().check(z.maxLength(300)) }), SyncStatusSchema),
} as const;

const TabSpaceSchema = z.object({
  space: z.nullable(SpaceIdSchema),
  by: z.enum(SPACE_SOURCES),
  chosen: z.boolean(),
  project: z.nullable(ProjectKeySchema),
  projectSpace: z.nullable(SpaceIdSchema),
});

/**
 * Spaces (lib/memory/spaces.ts): asked for and changed by the side panel only — a chat page never
 * learns which spaces exist.
 */
const spaces = {
  /** Every space, with how many memories each holds (listed or not); `everywhere`: those in none. */
  'spaces.list': def(
    Empty,
    z.object({
      spaces: z.array(z.extend(SpaceSchema, { memories: z.int().check(z.minimum(0)) })),
      everywhere: z.int().check(z.minimum(0)),
    }),
  ),
  'spaces.create': def(
    z.object({
      name: z.string().check(z.maxLength(200)),
      description: z.optional(z.string().check(z.maxLength(1000))),
      isolated: z.optional(z.boolean()),
      endsAt: z.optional(z.nullable(z.iso.datetime())),
    }),
    SpaceSchema,
  ),
  /** Changes a space's name, description, isolation, archive or end date; null when it is gone. */
  'spaces.update': def(
    z.object({
      id: SpaceIdSchema,
      patch: z.object({
        name: z.optional(z.string().check(z.maxLength(200))),
        description: z.optional(z.string().check(z.maxLength(1000))),
        isolated: z.optional(z.boolean()),
        archived: z.optional(z.boolean()),
        endsAt: z.optional(z.nullable(z.iso.datetime())),
      }),
    }),
    z.object({ before: z.nullable(SpaceSchema), after: z.nullable(SpaceSchema) }),
  ),
  /** Moves memories to a space (null: Everywhere); returns the records before and after, for undo. */
  'spaces.move': def(
    z.object({
      ids: z.array(z.string()).check(z.minLength(1), z.maxLength(100_000)),
      space: z.nullable(SpaceIdSchema),
    }),
    z.object({ before: z.array(MemoryRecordSchema), after: z.array(MemoryRecordSchema) }),
  ),
  /**
   * Deletes a space; its memories move to Everywhere or are deleted. A backup is taken first;
   * the reply holds the space and every memory as they were, for undo (`spaces.restore`).
   */
  'spaces.delete': def(
    z.object({ id: SpaceIdSchema, memories: z.enum(SPACE_MEMORY_FATES) }),
    z.object({
      space: z.nullable(SpaceSchema),
      memories: z.array(MemoryRecordSchema),
      backupSkipped: z.boolean(),
    }),
  ),
  /** Undo of a delete: puts the space and its memories back exactly as they were. */
  'spaces.restore': def(
    z.object({ space: SpaceSchema, memories: z.array(MemoryRecordSchema).check(z.maxLength(100_000)) }),
    z.object({ restored: z.int() }),
  ),
  /**
   * The space of the chat a tab shows (null: none), how it got it, the user's choice there
   * (`chosen`), and the site project its page is in with the space that project is mapped to.
   */
  'spaces.ofTab': def(z.object({ tabId: z.int() }), TabSpaceSchema),
  /**
   * The user's space for the chat a tab shows (This tab): `choice` null goes back to automatic
   * (mapping, default); `{ space: null }` is "no space". On a new chat, its first capture takes it.
   */
  'spaces.chooseForTab': def(
    z.object({ tabId: z.int(), choice: z.nullable(z.object({ space: z.nullable(SpaceIdSchema) })) }),
    TabSpaceSchema,
  ),
  /** "Always put this project in …" (null: in none): written on the space, taken off every other. */
  'spaces.mapProject': def(z.object({ project: ProjectKeySchema, space: z.nullable(SpaceIdSchema) }), Ok),
  /** A site's default space (null: none), Settings → Sites. */
  'spaces.siteDefault': def(z.object({ site: SiteIdSchema, space: z.nullable(SpaceIdSchema) }), Ok),
} as const;

export const EXTENSION_PAGE_MESSAGES = {
  ...spaces,
  ...EITHER_SENDER_MESSAGES,
  ...chats,
  ...history,
  ...memories,
  ...ranking,
  ...extraction,
  ...store,
  ...work,
  ...bringIn,
  ...keywords,
  ...tidy,
  ...desktopTools,
  ...extractBatch,
  ...sync,
} as const;
