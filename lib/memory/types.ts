/**
 * The shapes every context agrees on: a memory, a chat, an injection record. zod/mini keeps
 * these importable from the content script without pulling in classic zod (~450 kB).
 */
import * as z from 'zod/mini';
import { SITE_IDS } from '../sites/ids';
import { MAX_KEYWORD_CHARS, MAX_KEYWORDS } from './keyword-list';
import { ProjectKeySchema, SPACE_SOURCES, SpaceIdSchema } from './spaces';
import { WhenSchema } from './when';

export const MEMORY_TYPES = ['preference', 'fact', 'task', 'conclusion'] as const;
/**
 * `proposed`: stored and listed, waiting for the user's review; never injected, never returned
 * to a desktop tool, never superseded or merged into, never exported as active.
 */
export const MEMORY_STATUSES = ['active', 'proposed', 'superseded', 'archived', 'expired'] as const;

/**
 * Where a memory came from. `sent`: extracted from text the user typed and sent in this browser;
 * `opened`: extracted from a chat the user only opened (a shared thread, an old conversation) or
 * an imported chat; `imported`: a memory file; `brought-in`: Bring in; `hand`: added by hand;
 * `tool`: a desktop tool through the bridge (`client` names it).
 */
export const ORIGIN_KINDS = ['sent', 'opened', 'imported', 'brought-in', 'hand', 'tool'] as const;
export const OriginSchema = z.object({
  kind: z.enum(ORIGIN_KINDS),
  client: z.optional(z.string().check(z.maxLength(100))),
});

/** Why a proposed memory waits for review (lib/memory/review-rules.ts decides). */
export const REVIEW_REASONS = [
  /** Extracted from a chat whose user turns were not all typed and sent in this browser. */
  'not-sent-here',
  /** Rests on what the assistant said, not on the user's own words (lib/extraction/grounding.ts). */
  'assistant-said',
  /** Reads as an instruction to the assistant. */
  'instruction',
  'link',
  'email',
  'markup',
  /** An address or style preference of importance 4 or 5: a candidate for every message. */
  'every-message',
  /** Would change or replace a pinned memory or one the user wrote or edited by hand. */
  'changes-protected',
  /** The user asked to review every new memory (globally or for this site). */
  'ask-first',
  /** Written by a desktop tool. */
  'tool',
  /** Suggested by tidy-up. */
  'tidy-up',
  /** Another device's text for the memory it would change, written while both were apart (sync). */
  'two-devices',
  /** Belongs to a space that no longer exists here (deleted on another device, or a file's). */
  'space-gone',
  /** Extraction would change a memory filed elsewhere (another space, or Everywhere): never silently. */
  'other-space',
  /** A file put it in a space of yours kept apart (isolated, archived or ended), joined by name. */
  'kept-apart-space',
] as const;
export const ReviewReasonSchema = z.enum(REVIEW_REASONS);
export type ReviewReason = z.infer<typeof ReviewReasonSchema>;

/**
 * What a proposed memory is waiting for: its reasons, and the memory it would change when
 * accepted (that memory's text then becomes a version in its history).
 */
export const ProposalSchema = z.object({
  reasons: z.array(ReviewReasonSchema).check(z.maxLength(REVIEW_REASONS.length)),
  changes: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type Proposal = z.infer<typeof ProposalSchema>;

export const IsoDate = z.iso.datetime();
export const SiteIdSchema = z.enum(SITE_IDS);
export const MemoryTypeSchema = z.enum(MEMORY_TYPES);
export const MemoryStatusSchema = z.enum(MEMORY_STATUSES);
export const SCOPES = ['global', ...SITE_IDS] as const;
export const ScopeSchema = z.enum(SCOPES);
export const ImportanceSchema = z.int().check(z.minimum(1), z.maximum(5));

/** The longest memory (content) or note, in characters, everywhere a memory is written. */
export const MAX_MEMORY_CHARS = 4000;
export const MemoryContentSchema = z.string().check(z.minLength(1), z.maxLength(MAX_MEMORY_CHARS));
export const MemoryNoteSchema = z.string().check(z.maxLength(MAX_MEMORY_CHARS));

export const MemorySourceSchema = z.object({
  site: z.string(),
  url: z.string(),
  chatId: z.string(),
});

/** Search keywords of a memory (keyword-list.ts). */
export const MemoryKeywordsSchema = z
  .array(z.string().check(z.maxLength(MAX_KEYWORD_CHARS)))
  .check(z.maxLength(MAX_KEYWORDS));

/** One memory exactly as the memory JSON format (docs/memory-file.md) spells it. */
export const MemorySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  content: MemoryContentSchema,
  type: MemoryTypeSchema,
  importance: ImportanceSchema,
  tags: z.array(z.string()),
  status: MemoryStatusSchema,
  scope: ScopeSchema,
  pinned: z.boolean(),
  note: z.string(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  lastHitAt: z.nullable(IsoDate),
  hitCount: z.int().check(z.minimum(0)),
  supersededBy: z.nullable(z.string()),
  source: z.nullable(MemorySourceSchema),
  /** Search terms the model added (keyword-list.ts); absent on memories made without them. */
  keywords: z.optional(MemoryKeywordsSchema),
  /** Where it came from; absent on memories written before provenance was recorded. */
  origin: z.optional(OriginSchema),
  /** On a proposed memory: why it waits, and what it would change. */
  proposal: z.optional(ProposalSchema),
  /** How many invisible characters were removed from its text when it was written. */
  invisibleRemoved: z.optional(z.int().check(z.minimum(1))),
  /** The space it belongs to (lib/memory/spaces.ts); absent: Everywhere, about the user in general. */
  space: z.optional(SpaceIdSchema),
  /** The day or days it is about (when.ts): an event, a plan, a deadline, a change; absent: none. */
  when: z.optional(WhenSchema),
});

/**
 * What the store keeps: the exported memory plus local-only ranking state. `feedback` is the
 * sum of user corrections (negative) and confirmations (positive); it never leaves the machine.
 */
export const MemoryRecordSchema = z.extend(MemorySchema, {
  feedback: z.number(),
});

export type MemoryType = z.infer<typeof MemoryTypeSchema>;
export type MemoryStatus = z.infer<typeof MemoryStatusSchema>;
export type Scope = z.infer<typeof ScopeSchema>;
export type MemorySource = z.infer<typeof MemorySourceSchema>;
export type Memory = z.infer<typeof MemorySchema>;
export type MemoryRecord = z.infer<typeof MemoryRecordSchema>;
export type Origin = z.infer<typeof OriginSchema>;

export const TurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().check(z.maxLength(200_000)),
  at: IsoDate,
  /** The model that wrote an answer, when a site's export says (imported history). */
  model: z.optional(z.string().check(z.maxLength(100))),
});
export type Turn = z.infer<typeof TurnSchema>;

import { CHAT_STATES } from './chat-states';

export { CHAT_STATES };
/** `captured` on a page in this browser (the default when absent), or `imported` from a site's export. */
export const CHAT_ORIGINS = ['captured', 'imported'] as const;

/**
 * A captured conversation. `id` is `<site>:<conversation id>`; `version` grows with every
 * change to the turns so extraction can be idempotent per transcript version.
 */
export const ChatSchema = z.object({
  id: z.string().check(z.minLength(1)),
  site: SiteIdSchema,
  conversationId: z.string(),
  url: z.string(),
  title: z.string(),
  turns: z.array(TurnSchema),
  version: z.int().check(z.minimum(0)),
  state: z.enum(CHAT_STATES),
  summary: z.string(),
  extractedVersion: z.int().check(z.minimum(0)),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  lastActivityAt: IsoDate,
  /** Where the record came from: absent = captured in this browser; `imported` = history from a file. */
  origin: z.optional(z.enum(CHAT_ORIGINS)),
  /**
   * When a file last brought it in (a site's export or a memory file): "Keep chat history" counts
   * from here when that is later than its last message, so old history brought in today stays.
   */
  importedAt: z.optional(IsoDate),
  /** The chat's space (lib/memory/spaces.ts chatSpace), kept with it; absent: no space. */
  space: z.optional(SpaceIdSchema),
  /** How it got that space (or none): the user's choice, a mapped project, the site's default. */
  spaceBy: z.optional(z.enum(SPACE_SOURCES)),
  /** The site project it belongs to, read by the adapter from the site's address. */
  project: z.optional(ProjectKeySchema),
  /**
   * When its space last changed (a choice, a mapping or default moving it): the change is newer
   * than every copy of the chat before it, though the chat's own date stays (lib/sync/chat-clock.ts).
   */
  spaceAt: z.optional(IsoDate),
});
export type Chat = z.infer<typeof ChatSchema>;

export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One extraction of one chat at one transcript version: the durable queue's unit. */
export const JobSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  chatVersion: z.int(),
  state: z.enum(JOB_STATES),
  attempts: z.int().check(z.minimum(0)),
  nextAttemptAt: IsoDate,
  lastError: z.nullable(z.string()),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  inputTokens: z.int(),
  outputTokens: z.int(),
  /** While running: the worker instance holding the job and its lease (a stopped worker's job is taken over). */
  runner: z.optional(z.nullable(z.string())),
  leaseUntil: z.optional(z.nullable(IsoDate)),
  /** Transcript windows already merged: a long chat is extracted in several calls, resumable. */
  windowsDone: z.optional(z.int().check(z.minimum(0))),
  /** The chat version every window merged so far was read from (-1: windows of different versions). */
  readVersion: z.optional(z.int()),
  /** What a finished job did, e.g. "2 added · 1 updated", for the queue view. */
  outcome: z.optional(z.nullable(z.string())),
  /** The "Extract memories from these" batch that queued it: paused, cancelled and shown with it. */
  batchId: z.optional(z.string().check(z.maxLength(100))),
});
export type Job = z.infer<typeof JobSchema>;

const PAUSE_REASONS = ['auth', 'config', 'cap', 'storage_full'] as const;

/** Why the extraction queue is not working, as the side panel shows it. */
export const QueuePauseSchema = z.object({
  reason: z.enum(PAUSE_REASONS),
  message: z.string(),
  since: IsoDate,
});
export type QueuePause = z.infer<typeof QueuePauseSchema>;

export const ScorePartsSchema = z.object({
  text: z.number(),
  intent: z.number(),
  importance: z.number(),
  recency: z.number(),
  hits: z.number(),
  feedback: z.number(),
  /** Implicit context: how much an advice request depends on this circumstance of the user. */
  profile: z.optional(z.number()),
  /** The request names a time ("last week") and the memory is from then, or asks when and it is dated. */
  time: z.optional(z.number()),
});
export type ScoreParts = z.infer<typeof ScorePartsSchema>;

/** One past chat's excerpt in an injection: the chat, its title then, and why it was chosen. */
export const PastChatUseSchema = z.object({
  chatId: z.string().check(z.maxLength(400)),
  site: SiteIdSchema,
  title: z.string().check(z.maxLength(500)),
  /** `window`: from the time the request names (lib/history/excerpt-window.ts). */
  why: z.enum(['match', 'continuation', 'window']),
  coverage: z.number(),
});
export type PastChatUse = z.infer<typeof PastChatUseSchema>;

/** The audit log: what was injected where, and why each memory was chosen. */
export const InjectionSchema = z.object({
  id: z.string(),
  at: IsoDate,
  site: SiteIdSchema,
  chatId: z.nullable(z.string()),
  url: z.string(),
  query: z.string(),
  tokens: z.int(),
  items: z.array(
    z.object({
      memoryId: z.string(),
      score: z.number(),
      parts: ScorePartsSchema,
      /** The words it shared with the request, as the memory wrote them (absent on older records). */
      shared: z.optional(z.array(z.string().check(z.maxLength(80))).check(z.maxLength(4))),
    }),
  ),
  feedback: z.nullable(z.enum(['confirmed', 'corrected', 'wrong'])),
  /**
   * Set when the block was not ready within the page's hold and its first message went without
   * it; `carried` once the conversation's next message took it.
   */
  miss: z.optional(z.object({ reason: z.enum(['not ready in time']), carried: z.boolean() })),
  /** The chat's space when the block was made (absent: no space): Activity shows it. */
  space: z.optional(SpaceIdSchema),
  /**
   * Excerpts of past chats the block carried: which chat, and why — its words
   * matched the request (with the share of the request's words they held) or the request asked
   * to go on with the last chat.
   */
  pastChats: z.optional(z.array(PastChatUseSchema).check(z.maxLength(2))),
});
export type Injection = z.infer<typeof InjectionSchema>;
