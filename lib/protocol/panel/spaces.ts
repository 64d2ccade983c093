/**
 * What the side panel may send about spaces, with each message's request and response (handled in
 * entrypoints/background/handlers/: spaces.ts). Part of EXTENSION_PAGE_MESSAGES (../extension-
 * page.ts), the one map of what an extension page may send.
 */
import * as z from 'zod/mini';
import { SPACE_MEMORY_FATES } from '../../memory/space-fates';
import { ProjectKeySchema, SPACE_SOURCES, SpaceIdSchema, SpaceSchema } from '../../memory/spaces';
import { MemoryRecordSchema, SiteIdSchema } from '../../memory/types';
import { def, Empty, Ok } from '../define';

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
export const SPACES_MESSAGES = {
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
