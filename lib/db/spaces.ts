/**
 * Repository for the `spaces` table (lib/memory/spaces.ts): every space is checked as it is
 * written, so a row the rules refuse never reaches the store.
 */
import { MAX_SPACES, newSpaceId, type Space, type SpaceId, SpaceSchema, spaceRecord } from '../memory/spaces';
import { now } from '../time';
import { db } from './db';

export async function listSpaces(): Promise<Space[]> {
  const rows = await db.spaces.toArray();
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** How many memories each space holds (any status); `everywhere`: those in no space. */
export async function spaceCounts(): Promise<{ bySpace: Map<SpaceId, number>; everywhere: number }> {
  const bySpace = new Map<SpaceId, number>();
  let everywhere = 0;
  await db.memories.each((m) => {
    if (m.space === undefined) everywhere += 1;
    else bySpace.set(m.space, (bySpace.get(m.space) ?? 0) + 1);
  });
  return { bySpace, everywhere };
}

export type NewSpace = Pick<Space, 'name'> & Partial<Pick<Space, 'description' | 'isolated' | 'endsAt'>>;

/** A space named as a target does not exist (deleted meanwhile): nothing is written. */
export class UnknownSpaceError extends Error {
  constructor(id: SpaceId) {
    super(`no space ${id}`);
  }
}

export class TooManySpacesError extends Error {
  constructor() {
    super(`at most ${MAX_SPACES} spaces`);
  }
}

export async function createSpace(fields: NewSpace): Promise<Space> {
  const space = SpaceSchema.parse(
    spaceRecord(
      {
        id: newSpaceId(),
        name: fields.name.trim(),
        description: (fields.description ?? '').trim(),
        isolated: fields.isolated ?? false,
        endsAt: fields.endsAt ?? null,
      },
      now(),
    ),
  );
  await db.transaction('rw', db.spaces, async () => {
    if ((await db.spaces.count()) >= MAX_SPACES) throw new TooManySpacesError();
    await db.spaces.add(space);
  });
  return space;
}

export type SpacePatch = Partial<Pick<Space, 'name' | 'description' | 'isolated' | 'archived' | 'endsAt'>>;

/** Changes a space's fields; undefined when it does not exist (deleted meanwhile). */
export async function updateSpace(id: SpaceId, patch: SpacePatch): Promise<Space | undefined> {
  return db.transaction('rw', db.spaces, async () => {
    const old = await db.spaces.get(id);
    if (!old) return undefined;
    const next = SpaceSchema.parse({ ...old, ...patch, updatedAt: now() });
    await db.spaces.put(next);
    return next;
  });
}
