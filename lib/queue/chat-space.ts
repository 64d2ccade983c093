/**
 * The chat's space as one extraction call sees it, read from the store when the call is made:
 * what the prompt names, where memories are filed, and which stored memories the prompt may
 * show (those a chat in that space could be given, never another space's). A chat whose space
 * was deleted meanwhile counts as in no space, and says so (`gone`): what it yields then waits
 * for review instead of landing in Everywhere unseen.
 */
import { listSpaces } from '../db/spaces';
import type { ExtractionSpace } from '../extraction/space-filing';
import { filterOf, reachOf, type SpaceFilter } from '../memory/spaces';
import type { Chat } from '../memory/types';
import { nowMs } from '../time';

export interface CallSpace {
  space: ExtractionSpace | null;
  /** The chat names a space that no longer exists. */
  gone: boolean;
  /** Which memories the prompt may show (lib/memory/spaces.ts). */
  filter: SpaceFilter;
}

export async function callSpaceOf(chat: Pick<Chat, 'space'>): Promise<CallSpace> {
  const spaces = await listSpaces();
  const own = chat.space === undefined ? undefined : spaces.find((s) => s.id === chat.space);
  const filter = filterOf(reachOf(own?.id ?? null, spaces, nowMs()));
  if (!own) return { space: null, gone: chat.space !== undefined, filter };
  const { id, name, description, isolated } = own;
  return { space: { id, name, description, isolated }, gone: false, filter };
}
