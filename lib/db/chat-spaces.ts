/**
 * Which chats are in a space, for the Chats view's space filter. The history index keeps no
 * space (a chat's space changes without its text changing), so this reads the chats table; it
 * runs only while a space filter is set.
 */
import type { SpaceId } from '../memory/spaces';
import { db } from './db';

/** Ids of the chats in `space` (null: in no space). */
export async function chatIdsInSpace(space: SpaceId | null): Promise<Set<string>> {
  const ids = await db.chats.filter((c) => (c.space ?? null) === space).primaryKeys();
  return new Set(ids);
}
