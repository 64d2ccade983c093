/**
 * What the side panel may send about settings, the memory file, backups and the store's health,
 * with each message's request and response (handled in entrypoints/background/handlers/:
 * settings.ts, transfer.ts, store.ts). Part of EXTENSION_PAGE_MESSAGES (../extension-page.ts), the
 * one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import {
  BackupSummarySchema,
  MaintenanceReportSchema,
  QuarantineItemSchema,
  StoreStatusSchema,
} from '../../db/reports';
import { ImportReportSchema } from '../../memory-file/report';
import { PublicSettingsSchema, SettingsSchema } from '../../settings/schema';
import { def, Empty } from '../define';

export const STORE_MESSAGES = {
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
