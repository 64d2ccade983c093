/**
 * Spaces in the memory JSON format (version 2): the file defines its spaces at the top
 * (`spaces: [{ id, name, description?, isolated? }]`) and a memory names one by that id. The
 * ids are the file's own: on import a space joins the store's space of the same name, or a new
 * space is made with a new id (import.ts), so a file can never reach into a space by its id.
 */
import * as z from 'zod/mini';
import { lookAlikeKey } from '../memory/look-alike';
import { inMissingSpace } from '../memory/space-gone';
import { type Space, SpaceIdSchema, SpaceSchema } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';

export const FileSpaceSchema = z.object({
  id: SpaceIdSchema,
  name: SpaceSchema.shape.name,
  description: z.optional(SpaceSchema.shape.description),
  isolated: z.optional(z.boolean()),
});
export type FileSpace = z.infer<typeof FileSpaceSchema>;

/** A space as a file spells it: what says what it is for, nothing of this device's use of it. */
export function toFileSpace(s: Space): FileSpace {
  return { id: s.id, name: s.name, description: s.description, isolated: s.isolated };
}

/**
 * A memory naming a space the file does not define waits in review (`space-gone`) in no space:
 * the file says it belongs somewhere it does not say, and it must not act as an Everywhere
 * memory until the user says so.
 */
export function placeInFileSpaces(memories: MemoryRecord[], spaces: readonly FileSpace[]): MemoryRecord[] {
  const ids = new Set(spaces.map((s) => s.id));
  return memories.map((m) => {
    if (m.space === undefined || ids.has(m.space)) return m;
    const { space: _unknown, ...rest } = inMissingSpace(m, ids);
    return rest;
  });
}

/**
 * Names compare as people see them: case, width, spacing, invisible characters and look-alike
 * letters of other scripts aside, so a file's "Wоrk" (a Cyrillic о) joins "Work" rather than
 * standing beside it.
 */
export const sameSpaceName = (a: string, b: string): boolean => lookAlikeKey(a) === lookAlikeKey(b);
