/**
 * The one tool the extraction call is forced through. Its input shape is a contract: other
 * tools and Anthropic-compatible model servers rely on it, so fields may be added
 * as optional but never renamed. The JSON schema sent to the API is generated from this zod
 * schema, and the model's answer is parsed with the same schema.
 */
import * as z from 'zod/mini';
import { MAX_KEYWORD_CHARS, MAX_KEYWORDS } from '../memory/keyword-list';
import { MAX_MEMORY_CHARS, MEMORY_TYPES } from '../memory/types';
import { WhenSchema } from '../memory/when';
import { toolInputSchema } from '../model/tool-call';

export const TOOL_NAME = 'save_memories';

const MEMORY_OPS = ['add', 'update', 'supersede'] as const;
/** Whom a memory is about, when the chat is in a space (lib/extraction/space-filing.ts decides). */
const MEMORY_ABOUT = ['user', 'space'] as const;

export const ExtractedMemorySchema = z.object({
  op: z
    .enum(MEMORY_OPS)
    .check(
      z.describe(
        'add: new; update: same information as <target>, restated or made precise; supersede: replaces <target>',
      ),
    ),
  target: z.optional(z.string().check(z.describe('Id of the existing memory, for update and supersede'))),
  content: z
    .string()
    .check(z.minLength(1), z.maxLength(MAX_MEMORY_CHARS), z.describe('Short, in the user’s own language')),
  type: z.enum(MEMORY_TYPES),
  importance: z.int().check(z.minimum(1), z.maximum(5)),
  from: z.optional(
    z
      .array(z.int().check(z.minimum(1)))
      .check(
        z.maxLength(50),
        z.describe('The n of each user turn of the transcript that states this in the user’s own words'),
      ),
  ),
  keywords: z.optional(
    z
      .array(z.string().check(z.maxLength(MAX_KEYWORD_CHARS)))
      .check(
        z.maxLength(MAX_KEYWORDS),
        z.describe(
          'Search terms: the category (e.g. "home city", "family", "allergy", "居住地"), common synonyms, and the main terms translated into the other of English/Chinese',
        ),
      ),
  ),
  // Anything else the model writes here (a space's name, say) is a doubt, not a broken answer:
  // the memory goes to the space (lib/extraction/space-filing.ts).
  about: z.catch(
    z.optional(
      z
        .enum(MEMORY_ABOUT)
        .check(
          z.describe('Only with a <chat_space>: user = about the user in general; space = about this space (in doubt)'),
        ),
    ),
    undefined,
  ),
  // A date that is no calendar day ("2026-02-30", "next Friday", an end before its start) is
  // refused, and the memory kept without it: its text states the date in words already.
  when: z.catch(
    z.optional(
      WhenSchema.check(
        z.describe(
          'The day it is about (an event, plan, deadline, change): YYYY-MM-DD, or a range YYYY-MM-DD/YYYY-MM-DD',
        ),
      ),
    ),
    undefined,
  ),
});
export type ExtractedMemory = z.infer<typeof ExtractedMemorySchema>;

export const SaveMemoriesSchema = z.object({
  summary: z.string().check(z.maxLength(2000), z.describe('One sentence about the chat, in the user’s language')),
  memories: z.array(ExtractedMemorySchema).check(z.maxLength(100)),
});
export type SaveMemoriesInput = z.infer<typeof SaveMemoriesSchema>;

export const SAVE_MEMORIES_TOOL = {
  name: TOOL_NAME,
  description:
    'Save what the user explicitly stated in this chat that is worth remembering long-term, plus a one-sentence summary of the chat. Call exactly once; `memories` may be empty.',
  input_schema: toolInputSchema(SaveMemoriesSchema),
};
