/**
 * Spaces: the user's separate lives (work, a client, home, a course). A memory belongs to one
 * space or to none ("Everywhere": what is about the user in general). A chat's space comes from
 * the user's choice for it, a site project the user mapped to a space, or the site's default;
 * never from page text. Which memories a chat may get is decided here, in one place, so the
 * ranked preview, request keywords, injection and Activity cannot disagree.
 */
import * as z from 'zod/mini';
import { SITE_IDS, type SiteId } from '../sites/ids';

const MAX_SPACE_NAME_CHARS = 60;
const MAX_SPACE_DESCRIPTION_CHARS = 300;
/** More would be a list nobody can choose from; the bound keeps a hostile file or device small. */
export const MAX_SPACES = 200;
/** Site projects mapped to one space. */
const MAX_SPACE_PROJECTS = 100;

/** A space id: made here (`sp-` + random), or read from a memory file or another device. */
export const SpaceIdSchema = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/));
export type SpaceId = z.infer<typeof SpaceIdSchema>;

/**
 * A site project as the adapter reads it from the site's own address: `<site>:<project id>`
 * (ChatGPT `g-p-…`, a Claude project's uuid). Only ids, never a name the page shows.
 */
export const ProjectKeySchema = z.string().check(z.minLength(3), z.maxLength(200), z.regex(/^[a-z]+:[A-Za-z0-9_-]+$/));
export type ProjectKey = z.infer<typeof ProjectKeySchema>;

const SpaceNameSchema = z.string().check(
  z.minLength(1),
  z.maxLength(MAX_SPACE_NAME_CHARS),
  z.refine((s) => s.trim().length > 0),
);
const SpaceDescriptionSchema = z.string().check(z.maxLength(MAX_SPACE_DESCRIPTION_CHARS));

export const SpaceSchema = z.object({
  id: SpaceIdSchema,
  name: SpaceNameSchema,
  /** What the space is for, in the user's words: extraction's request reads it. */
  description: SpaceDescriptionSchema,
  /** Chats in an isolated space get only its own memories, not the Everywhere ones. */
  isolated: z.boolean(),
  /** Archived: its memories stay, listed, but are not injected nor given to desktop tools. */
  archived: z.boolean(),
  /** After this day the space counts as archived (a contract, a course). */
  endsAt: z.nullable(z.iso.datetime()),
  /** Site projects the user put in this space ("always put this project in Work"). */
  projects: z.array(ProjectKeySchema).check(z.maxLength(MAX_SPACE_PROJECTS)),
  /** Sites whose chats are in this space unless the user chose otherwise (the site's default). */
  sites: z.array(z.enum(SITE_IDS)).check(z.maxLength(SITE_IDS.length)),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Space = z.infer<typeof SpaceSchema>;

/** Is the space in use at `now`: not archived and not past its end date. */
export function isOpen(space: Pick<Space, 'archived' | 'endsAt'>, now: number): boolean {
  return !space.archived && (space.endsAt === null || Date.parse(space.endsAt) > now);
}

/** How a chat came to be in its space (or in none). */
export const SPACE_SOURCES = ['choice', 'project', 'site', 'none'] as const;
export type SpaceSource = (typeof SPACE_SOURCES)[number];

export interface ChatSpace {
  /** null: in no space. */
  space: SpaceId | null;
  by: SpaceSource;
}

export interface ChatSpaceInputs {
  /** The user's own choice for this chat or tab (null: "no space" chosen); undefined: none made. */
  choice?: SpaceId | null;
  /** The site project the chat belongs to, as the adapter read it from the site's address. */
  project?: ProjectKey | null;
  site: SiteId;
}

/**
 * A chat's space, first that applies: the user's choice; the space the chat's site project is
 * mapped to; the site's default space; none. A choice naming a space that no longer exists
 * falls through to the next rule rather than to Everywhere's reach being widened: a deleted
 * space's chats then follow the mapping or the default, as a new chat there would.
 */
export function chatSpace(inputs: ChatSpaceInputs, spaces: readonly Space[]): ChatSpace {
  if (inputs.choice === null) return { space: null, by: 'choice' };
  if (inputs.choice !== undefined && spaces.some((s) => s.id === inputs.choice))
    return { space: inputs.choice, by: 'choice' };
  const mapped = inputs.project ? projectSpace(inputs.project, spaces) : null;
  if (mapped) return { space: mapped, by: 'project' };
  const byDefault = siteDefault(inputs.site, spaces);
  if (byDefault) return { space: byDefault, by: 'site' };
  return { space: null, by: 'none' };
}

/** The space a site project is mapped to (null: none). */
export function projectSpace(project: ProjectKey, spaces: readonly Space[]): SpaceId | null {
  return newestWith(spaces, (s) => s.projects.includes(project))?.id ?? null;
}

/** The site's default space (null: none). */
export function siteDefault(site: SiteId, spaces: readonly Space[]): SpaceId | null {
  return newestWith(spaces, (s) => s.sites.includes(site))?.id ?? null;
}

/**
 * Two devices may each map the same project (or default a site) to a different space while
 * apart; the space changed last holds it, the same answer on every device.
 */
function newestWith(spaces: readonly Space[], has: (s: Space) => boolean): Space | undefined {
  let best: Space | undefined;
  for (const s of spaces) {
    if (!has(s)) continue;
    if (!best || s.updatedAt > best.updatedAt || (s.updatedAt === best.updatedAt && s.id > best.id)) best = s;
  }
  return best;
}

/**
 * Which memories a chat may get: `space` its space (null: none), `isolated` whether that space
 * takes only its own, `closed` the spaces whose memories are used nowhere (archived or ended).
 */
export interface SpaceReach {
  space: SpaceId | null;
  isolated: boolean;
  closed: ReadonlySet<SpaceId>;
}

/** A chat in no space: Everywhere memories only. Also the reach when nothing is known. */
export const NO_SPACE: SpaceReach = Object.freeze({ space: null, isolated: false, closed: new Set<SpaceId>() });

/** The reach of a chat in `space` (null: none), given every space the store has. */
export function reachOf(space: SpaceId | null, spaces: readonly Space[], now: number): SpaceReach {
  const closed = new Set(spaces.filter((s) => !isOpen(s, now)).map((s) => s.id));
  const own = space === null ? undefined : spaces.find((s) => s.id === space);
  // A space that no longer exists has no memories to give; Everywhere's still apply.
  if (!own) return { space: null, isolated: false, closed };
  return { space: own.id, isolated: own.isolated, closed };
}

/**
 * May a chat with this reach get a memory of `memorySpace` (undefined: Everywhere)? Its own
 * space's, if open; Everywhere's unless its space is isolated; never another space's.
 */
export function reaches(reach: SpaceReach, memorySpace: SpaceId | undefined): boolean {
  if (memorySpace === undefined) return !reach.isolated;
  return memorySpace === reach.space && !reach.closed.has(memorySpace);
}

/**
 * Which memories a ranking may return, by space: Everywhere's or not, and which spaces' (`all`:
 * every one, archived included — the panel's own search, never an injection).
 */
export interface SpaceFilter {
  everywhere: boolean;
  spaces: ReadonlySet<SpaceId> | 'all';
}

/** Every memory whatever its space: the side panel's search and lists. */
export const ANY_SPACE: SpaceFilter = Object.freeze({ everywhere: true, spaces: 'all' as const });

/** Everywhere's memories only: a chat in no space. */
export const EVERYWHERE_ONLY: SpaceFilter = Object.freeze({ everywhere: true, spaces: new Set<SpaceId>() });

/** What a chat with this reach may get, as a ranking filter. */
export function filterOf(reach: SpaceReach): SpaceFilter {
  const own = reach.space !== null && !reach.closed.has(reach.space) ? [reach.space] : [];
  return { everywhere: !reach.isolated, spaces: new Set(own) };
}

export function passes(filter: SpaceFilter, memorySpace: SpaceId | undefined): boolean {
  if (memorySpace === undefined) return filter.everywhere;
  return filter.spaces === 'all' || filter.spaces.has(memorySpace);
}

/**
 * A space as a new one starts, with `fields` over it: no switch on, no end date, no project or
 * site linked, made and changed at `at`. Unchecked: the caller parses it when it comes from outside.
 */
export function spaceRecord(fields: Pick<Space, 'id' | 'name'> & Partial<Space>, at: string): Space {
  return {
    description: '',
    isolated: false,
    archived: false,
    endsAt: null,
    projects: [],
    sites: [],
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

export function newSpaceId(): SpaceId {
  return `sp-${crypto.randomUUID()}`;
}
