import * as z from 'zod/mini';
import { createSpace, listSpaces, spaceCounts, TooManySpacesError } from '../../../lib/db/spaces';
import { MessageError } from '../../../lib/protocol/define';
import type { HandlerGroup } from '../router';

/** A name or description the space rules refuse is the caller's mistake: a clear refusal. */
async function checked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TooManySpacesError) throw new MessageError('bad_request', error.message);
    if (error instanceof z.core.$ZodError)
      throw new MessageError('bad_request', 'a space needs a name of 1–60 characters and a description of at most 300');
    throw error;
  }
}

export const spaceHandlers: HandlerGroup<'spaces.list' | 'spaces.create'> = {
  'spaces.list': async () => {
    const [spaces, counts] = await Promise.all([listSpaces(), spaceCounts()]);
    return {
      spaces: spaces.map((s) => ({ ...s, memories: counts.bySpace.get(s.id) ?? 0 })),
      everywhere: counts.everywhere,
    };
  },
  'spaces.create': (fields) => checked(() => createSpace(fields)),
};
