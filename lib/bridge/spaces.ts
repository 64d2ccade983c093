/**
 * Which spaces desktop tools may read, and a tool's `space` argument. Everywhere's memories are
 * always readable (as before spaces). A space is readable when the user ticked it in Settings →
 * Desktop tools, or left it unticked and it is not isolated (so existing users keep their reach,
 * and an isolated space is read only once ticked); an archived or ended space never. A tool names
 * a space by its name; a name no readable space has gets the same answer whether the space does
 * not exist or is kept from tools, so a tool cannot learn which other spaces exist.
 */
import { isOpen, type Space, type SpaceFilter, type SpaceId } from '../memory/spaces';

export const UNKNOWN_SPACE =
  'claude-mem has no space of that name that desktop tools may read. Leave `space` out to search everything they may read.';
export const SPACE_NAME_TWICE =
  'More than one space that desktop tools may read has that name: rename one in claude-mem (side panel → Memories).';

/** The spaces a tool may read, given the user's ticks (`desktopTools.spaces`). */
export function toolSpaces(spaces: readonly Space[], ticks: Readonly<Record<string, boolean>>, now: number): Space[] {
  return spaces.filter((s) => isOpen(s, now) && (ticks[s.id] ?? !s.isolated));
}

/** Names compare as a person reads them: case, width and surrounding spaces aside. */
function nameKey(name: string): string {
  return name.normalize('NFKC').trim().toLocaleLowerCase('en');
}

export type SpaceLookup = { ok: true; space: Space } | { ok: false; message: string };

/** The readable space a tool named. */
export function toolSpaceNamed(name: string, readable: readonly Space[]): SpaceLookup {
  const key = nameKey(name);
  const found = readable.filter((s) => nameKey(s.name) === key);
  if (found.length === 1) return { ok: true, space: found[0]! };
  return { ok: false, message: found.length === 0 ? UNKNOWN_SPACE : SPACE_NAME_TWICE };
}

/**
 * What a tool's call may return: with a space named, what a chat in that space would get (its
 * memories and Everywhere's, only its own when isolated); without, Everywhere's and every
 * readable space's.
 */
export function toolFilter(readable: readonly Space[], named: Space | null): SpaceFilter {
  if (named) return { everywhere: !named.isolated, spaces: new Set([named.id]) };
  return { everywhere: true, spaces: new Set(readable.map((s) => s.id)) };
}

/** Space names by id, for the spaces a tool may read: what its results may name. */
export function spaceNames(readable: readonly Space[]): ReadonlyMap<SpaceId, string> {
  return new Map(readable.map((s) => [s.id, s.name]));
}
