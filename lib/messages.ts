/**
 * The whole protocol between contexts. Each message names who may send it, a zod request and
 * a zod response. The background parses every request on arrival and checks the sender; a
 * message from a page's content script (`content`) is trusted with nothing: never the key,
 * never settings, never another site's memories. Replies are `{ ok: true, data }` or
 * `{ ok: false, error }`. zod/mini only: this file is bundled into the content script.
 */
import * as z from 'zod/mini';
import {
  ImportanceSchema,
  JOB_STATES,
  MemoryRecordSchema,
  MemoryStatusSchema,
  MemoryTypeSchema,
  QueuePauseSchema,
  ScopeSchema,
} from './memory/types';
import { SettingsSchema } from './settings-schema';

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
  /** Checks key, base URL and model with a minimal call; omitted fields use the stored values. */
  'connection.test': def(
    EXT,
    z.object({
      baseUrl: z.optional(z.url({ protocol: /^https?$/ })),
      model: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
      apiKey: z.optional(z.string().check(z.maxLength(500))),
    }),
    z.object({ ok: z.boolean(), message: z.string(), model: z.optional(z.string()) }),
  ),
  'usage.summary': def(EXT, Empty, UsageSummarySchema),
} as const;

export const PROTOCOL = {
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
  ...extractionMessages,
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
