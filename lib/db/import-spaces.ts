/**
 * A memory file's spaces as the store takes them, inside the import's transaction: a space with
 * the name of one the store has joins it (whatever it is: archived, isolated); any other is made
 * new, with a new id, up to the bound of spaces. A file comes from anyone, so its spaces follow
 * the rules its memories do: invisible characters are removed, and a space whose name or
 * description reads as an instruction or carries a link, an e-mail address or markup is made
 * archived, so nothing in it reaches a chat until the user opens it again. Names are kept as
 * text; nothing renders them as markup.
 */
import { withoutInvisible } from '../memory/invisible';
import { textReasons } from '../memory/review-rules';
import { inMissingSpace } from '../memory/space-gone';
import { MAX_SPACES, newSpaceId, type Space, type SpaceId, SpaceSchema } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import { type FileSpace, sameSpaceName } from '../memory-file/spaces';
import { db } from './db';

const clean = (text: string) => withoutInvisible(text).text.trim();

/** Each file space's id here (null: none could be made), and the spaces made. */
async function spacesHere(
  file: readonly FileSpace[],
  at: string,
): Promise<{ ids: Map<string, SpaceId | null>; made: Space[] }> {
  const known = await db.spaces.toArray();
  const ids = new Map<string, SpaceId | null>();
  const made: Space[] = [];
  for (const fs of file) {
    const name = clean(fs.name);
    const same = known.find((s) => sameSpaceName(s.name, name));
    if (same) {
      ids.set(fs.id, same.id);
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
  return { ids, made };
}

/**
 * The file's memories in the store's spaces; a memory whose space could not be made waits in
 * review (`space-gone`) in no space. Call inside a transaction holding `db.spaces`.
 */
export async function placeImported(
  memories: readonly MemoryRecord[],
  file: readonly FileSpace[],
  at: string,
): Promise<{ memories: MemoryRecord[]; made: Space[] }> {
  const { ids, made } = await spacesHere(file, at);
  const placed = memories.map((m) => {
    if (m.space === undefined) return m;
    const here = ids.get(m.space);
    if (here) return { ...m, space: here };
    const { space: _none, ...rest } = inMissingSpace(m, new Set());
    return rest;
  });
  return { memories: placed, made };
}
