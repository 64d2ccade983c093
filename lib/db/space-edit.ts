/** A hand edit of a space from the side panel, with the record before it for undo. */
import type { Space, SpaceId } from '../memory/spaces';
import { db } from './db';
import { type SpacePatch, updateSpace } from './spaces';

/** undefined when the space does not exist (deleted meanwhile). */
export async function editSpace(id: SpaceId, patch: SpacePatch): Promise<{ before: Space; after: Space } | undefined> {
  return db.transaction('rw', db.spaces, async () => {
    const before = await db.spaces.get(id);
    const after = before && (await updateSpace(id, patch));
    return before && after ? { before, after } : undefined;
  });
}
