/** What an import did, as the side panel reports it. */
import * as z from 'zod/mini';

export const ImportReportSchema = z.object({
  added: z.int(),
  updated: z.int(),
  skipped: z.int(),
  chats: z.int(),
  /** Memories that arrived waiting for review (absent in reports of older builds). */
  proposed: z.optional(z.int()),
  /** Spaces the file made here (a file's space with the name of one here joins it). */
  spaces: z.optional(z.int()),
  /** Spaces of the user's kept apart (isolated, archived) the file joined: its memories there wait. */
  keptApart: z.optional(
    z.array(z.object({ name: z.string().check(z.maxLength(60)), isolated: z.boolean(), archived: z.boolean() })),
  ),
  /** Settings the file proposes, change by change; nothing is applied until the user confirms. */
  settingsChanges: z.array(z.object({ path: z.string(), from: z.unknown(), to: z.unknown() })),
  /** Settings the file carried that an import never changes (connection, cap, privacy patterns). */
  settingsProtected: z.array(z.string()),
  /** The undo record of exactly what the import wrote (`undo.apply`). */
  undoId: z.string(),
});
