/** One desktop tool's call as Activity shows it: who asked, which tool, what, and which memories went out. */
import * as z from 'zod/mini';
import { IsoDate } from '../memory/types';
import { MAX_QUERY_CHARS, MAX_SPACE_ARG_CHARS } from './limits';
import { ClientNameSchema, ToolNameSchema } from './schemas';

export const ToolCallSchema = z.object({
  id: z.string(),
  at: IsoDate,
  client: ClientNameSchema,
  tool: ToolNameSchema,
  /** The query (search), or the proposed text (remember); empty for get_profile and a refused remember. */
  query: z.string().check(z.maxLength(MAX_QUERY_CHARS)),
  memoryIds: z.array(z.string()),
  /** The space the tool named, as it wrote it (absent: none named). */
  space: z.optional(z.string().check(z.maxLength(MAX_SPACE_ARG_CHARS))),
  /** Why it was refused (Desktop tools off, adding not allowed, too many calls); absent when answered. */
  refused: z.optional(z.string().check(z.maxLength(300))),
  /** A refused remember's text length: its words are not kept (the privacy filter never read them). */
  chars: z.optional(z.int().check(z.minimum(0))),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;
