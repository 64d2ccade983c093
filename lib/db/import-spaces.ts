/**
 * A memory file's spaces as the store takes them, inside the import's transaction: a space with
 * the name of one the store has joins it (names compare as people see them: look-alike letters,
 * width, case and invisible characters aside); any other is made new, with a new id, up to the
 * bound of spaces. A file joining a space the user keeps apart (isolated, archived or ended)
 * cannot make anything of it reach a chat by itself: its memories there wait for review, and
 * the import report names the space. A file comes from anyone, so its spaces follow
 * the rules its memories do: invisible characters are removed, and a space whose name or
 * description reads as an instruction or carries a link, an e-mail address or markup is made
 * archived, so nothing in it reaches a chat until the user opens it again. Names are kept as
 * text; nothing renders them as markup.
 */
import { withoutInvisible } from '../memory/invisible';
import { textReasons } from '../memory/review-rules';
import { inMissingSpace } from '../memory/space-gone';
import { isOpen, MAX_SPACES, newSpaceId, type Space, type SpaceId, SpaceSchema } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import { type FileSpace, sameSpaceName } from '../memory-file/spaces';
import { nowMs } from '../time';
import { db } from './db';

const clean = (text: string) => withoutInvisible(text).text.trim();

/** A space of the store's the file joined that the user keeps apart, as the report names it. */
export interface KeptApartSpace {
  name: string;
  isolated: boolean;
  /** Archived, or past its last day. */
  archived: boolean;
}

/** Where a file's spaces landed: each file space's id here (null: none could be made). */
export interface FileSpacesHere {
  ids: Map<string, SpaceId | null>;
  /** Spaces the import made. */
  made: Space[];
  /** The store's spaces kept apart that the file joined, by id. */
  keptApart: Map<SpaceId, KeptApartSpace>;
}

const keptApartOf = (s: Space): KeptApartSpace | null => {
  const archived = !isOpen(s, nowMs());
  return s.isolated || archived ? { name: s.name, isolated: s.isolated, archived } : null;
};

async function spacesHere(file: readonly FileSpace[], at: string): Promise<FileSpacesHere> {
  const known = await db.spaces.toArray();
  const ids = new Map<string, SpaceId | null>();
  const made: Space[] = [];
  const keptApart = new Map<SpaceId, KeptApartSpace>();
  for (const fs of file) {
    const name = clean(fs.name);
    const same = known.find((s) => sameSpaceName(s.name, name));
    if (same) {
      ids.set(fs.id, same.id);
      const apart = made.includes(same) ? null : keptApartOf(same);
      if (apart) keptApart.set(same.id, apart);
      continue;
    }
    const description = clean(fs.description ?? '');
    const parsed = SpaceSchema.safeParse({
      id: newSpaceId(),
      name,
      description,
      isolated: fs.isolated ?? false,
      archived: textReasons(`${name}\n${description}`).length > 0,
      endsAt: null,
      projects: [],
      sites: [],
      createdAt: at,
      updatedAt: at,
    });
    if (!parsed.success || known.length >= MAX_SPACES) {
      ids.set(fs.id, null);
      continue;
    }
    known.push(parsed.data);
    made.push(parsed.data);
    ids.set(fs.id, parsed.data.id);
  }
  if (made.length) await db.spaces.bulkAdd(made);
  return { ids, made, keptApart };
}

/** A memory a file puts in a space kept apart arrives proposed, whatever state the file gave it. */
function waitsInKeptApart(m: MemoryRecord): MemoryRecord {
  const reasons = m.status === 'proposed' ? (m.proposal?.reasons ?? []) : [];
  if (reasons.includes('kept-apart-space')) return m;
  const proposal = {
    ...(m.status === 'proposed' ? m.proposal : {}),
    reasons: [...reasons, 'kept-apart-space' as const],
  };
  return { ...m, status: 'proposed', proposal };
}

/**
 * The file's memories in the store's spaces; a memory whose space could not be made waits in
 * review (`space-gone`) in no space, and one joining a space kept apart waits in it. Call
 * inside a transaction holding `db.spaces`.
 */
export async function placeImported(
  memories: readonly MemoryRecord[],
  file: readonly FileSpace[],
  at: string,
): Promise<FileSpacesHere & { memories: MemoryRecord[] }> {
  const here = await spacesHere(file, at);
  const placed = memories.map((m) => {
    if (m.space === undefined) return m;
    const id = here.ids.get(m.space);
    if (id) return here.keptApart.has(id) ? waitsInKeptApart({ ...m, space: id }) : { ...m, space: id };
    const { space: _none, ...rest } = inMissingSpace(m, new Set());
    return rest;
  });
  return { ...here, memories: placed };
}
