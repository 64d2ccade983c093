/**
 * Which space an extracted memory is filed in. The chat's space is the user's doing (their
 * choice, a project they mapped, the site's default); the model only says, per memory, whether
 * it is about the user in general or about that space. In doubt, the space: a work fact filed
 * Everywhere would reach every chat, a general fact filed in the space only misses the others.
 * An isolated space keeps all it yields, whatever the model says: nothing learnt in it may reach
 * another chat. A chat in no space files Everywhere.
 */
import type { SpaceId } from '../memory/spaces';
import type { ExtractedMemory } from './extract-schema';

/** The chat's space as extraction needs it: the prompt names it, the merge files into it. */
export interface ExtractionSpace {
  id: SpaceId;
  name: string;
  description: string;
  isolated: boolean;
}

/** The space a memory goes to (undefined: Everywhere). */
export function filedSpace(space: ExtractionSpace | null, item: Pick<ExtractedMemory, 'about'>): SpaceId | undefined {
  if (!space) return undefined;
  if (space.isolated) return space.id;
  return item.about === 'user' ? undefined : space.id;
}
