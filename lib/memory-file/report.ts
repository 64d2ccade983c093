/** What an import did, as the side panel reports it. */
import * as z from 'zod/mini';

export const ImportReportSchema = z.object({
  added: z.int(),
  updated: z.int(),
  skipped: z.int(),
  chats: z.int(),
  settingsApplied: z.boolean(),
});
