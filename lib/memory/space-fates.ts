/** What deleting a space does with its memories: they move to Everywhere, or go with it. */
export const SPACE_MEMORY_FATES = ['everywhere', 'delete'] as const;
export type SpaceMemoryFate = (typeof SPACE_MEMORY_FATES)[number];
