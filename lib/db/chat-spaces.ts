/**
 * Where chats' spaces are written: a chat's own space (kept with it when captured or chosen),
 * and the two links a space record holds — site projects mapped to it and sites whose default
 * it is. A new mapping or default moves the chats it covers that have no choice of their own;
 * a chat the user put in a space (or in none) stays there. Every change of a chat's space here
 * moves its `spaceAt` past every earlier copy of it (lib/sync/chat-clock.ts), so no replay or
 * older copy from another device moves it back; the chat's own date stays.
 */
import { type ChatSpace, chatSpace, type ProjectKey, type Space, type SpaceId, SpaceSchema } from '../memory/spaces';
import type { Chat } from '../memory/types';
import type { SiteId } from '../sites/ids';
import { chatClock } from '../sync/chat-clock';
import { laterThan } from '../sync/deletion-marks';
import { now } from '../time';
import { db } from './db';
import { UnknownSpaceError } from './spaces';

/** The fields a chat keeps of its space; `project` as last read from its page. */
function spaceFields(space: ChatSpace, project: ProjectKey | null): Pick<Chat, 'space' | 'spaceBy' | 'project'> {
  return { space: space.space ?? undefined, spaceBy: space.by, project: project ?? undefined };
}

function differs(chat: Chat, fields: Pick<Chat, 'space' | 'spaceBy' | 'project'>): boolean {
  return chat.space !== fields.space || chat.spaceBy !== fields.spaceBy || chat.project !== fields.project;
}

/** Later than every copy of the chat so far: its space changes now. */
const spaceClock = (chat: Chat, at: string): string => laterThan(chatClock(chat), at);

/** Keeps a chat's space with it (a capture, or the user's choice); a missing chat is left alone. */
export async function setChatSpace(chatId: string, space: ChatSpace, project: ProjectKey | null): Promise<void> {
  await db.transaction('rw', db.chats, async () => {
    const chat = await db.chats.get(chatId);
    const fields = spaceFields(space, project);
    // Dexie's update removes a key set to undefined: "no space" leaves no field behind.
    if (chat && differs(chat, fields)) await db.chats.update(chatId, { ...fields, spaceAt: spaceClock(chat, now()) });
  });
}

/** Chats without a choice of their own follow the current mappings and defaults again. */
async function refollow(spaces: readonly Space[], covers: (chat: Chat) => boolean): Promise<number> {
  let moved = 0;
  const at = now();
  await db.chats.toCollection().modify((chat) => {
    if (chat.spaceBy === 'choice' || !covers(chat)) return;
    const fields = spaceFields(
      chatSpace({ project: chat.project ?? null, site: chat.site }, spaces),
      chat.project ?? null,
    );
    if (!differs(chat, fields)) return;
    moved += 1;
    if (fields.space === undefined) delete chat.space;
    else chat.space = fields.space;
    chat.spaceBy = fields.spaceBy;
    chat.spaceAt = spaceClock(chat, at);
  });
  return moved;
}

/**
 * Rewrites the spaces `change` touches (each one checked), then moves the chats they cover.
 * `target` must exist when named: a link to a deleted space would point nowhere.
 */
async function relink(
  target: SpaceId | null,
  change: (s: Space) => Space | null,
  covers: (chat: Chat) => boolean,
): Promise<void> {
  await db.transaction('rw', db.spaces, db.chats, async () => {
    const at = now();
    const spaces = await db.spaces.toArray();
    if (target !== null && !spaces.some((s) => s.id === target)) throw new UnknownSpaceError(target);
    const next = spaces.map((s) => {
      const changed = change(s);
      return changed ? SpaceSchema.parse({ ...changed, updatedAt: at }) : s;
    });
    const written = next.filter((s, i) => s !== spaces[i]);
    if (written.length > 0) await db.spaces.bulkPut(written);
    await refollow(next, covers);
  });
}

/**
 * "Always put this project in …": the project is mapped to `space` and removed from every other
 * space (null: mapped to none).
 */
export async function mapProject(project: ProjectKey, space: SpaceId | null): Promise<void> {
  await relink(
    space,
    (s) => {
      const has = s.projects.includes(project);
      if (s.id === space) return has ? null : { ...s, projects: [...s.projects, project] };
      return has ? { ...s, projects: s.projects.filter((p) => p !== project) } : null;
    },
    (chat) => chat.project === project,
  );
}

/** The site's default space (null: none); one space at most is a site's default. */
export async function setSiteDefault(site: SiteId, space: SpaceId | null): Promise<void> {
  await relink(
    space,
    (s) => {
      const has = s.sites.includes(site);
      if (s.id === space) return has ? null : { ...s, sites: [...s.sites, site] };
      return has ? { ...s, sites: s.sites.filter((x) => x !== site) } : null;
    },
    (chat) => chat.site === site,
  );
}

/**
 * Ids of the chats in `space` (null: in no space), for the Chats view's space filter. The
 * history index keeps no space (a chat's space changes without its text changing), so this
 * reads the chats table; it runs only while a space filter is set.
 */
export async function chatIdsInSpace(space: SpaceId | null): Promise<Set<string>> {
  const ids = await db.chats.filter((c) => (c.space ?? null) === space).primaryKeys();
  return new Set(ids);
}
