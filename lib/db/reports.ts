/**
 * What the store reports to the side panel: chats, backups, health and the last tidy-up.
 * Schemas only (no Dexie), so the panel can check replies against them.
 */
import * as z from 'zod/mini';
import { SpaceIdSchema } from '../memory/spaces';
import { CHAT_STATES, SiteIdSchema } from '../memory/types';

export const ChatSummarySchema = z.object({
  id: z.string(),
  site: SiteIdSchema,
  title: z.string(),
  url: z.string(),
  state: z.enum(CHAT_STATES),
  turns: z.int(),
  updatedAt: z.string(),
  /** The chat's space (absent: none). */
  space: z.optional(SpaceIdSchema),
});

export const BackupSummarySchema = z.object({
  id: z.string(),
  at: z.string(),
  reason: z.string(),
  memoryCount: z.int(),
  chatCount: z.int(),
  checksum: z.string(),
});

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
  /** The store could not be read at start-up and was left as it is. */
  degraded: z.nullable(
    z.object({
      at: z.string(),
      error: z.string(),
      attempts: z.int(),
      reason: z.enum(['transient', 'newer-version', 'no-verified-backup', 'salvage-failed']),
    }),
  ),
  lastMaintenance: z.nullable(MaintenanceReportSchema),
});

/** A record the integrity check set aside, as it was found. */
export const QuarantineItemSchema = z.object({
  id: z.string(),
  table: z.string(),
  at: z.string(),
  reason: z.string(),
  record: z.unknown(),
});
