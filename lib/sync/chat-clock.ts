/**
 * A chat's clock for sync. Its own date (`updatedAt`, what Chats and excerpts show) moves only
 * with its turns; a change of its space moves `spaceAt`, so the chat as a whole changed last at
 * the later of the two. A replay or an older copy is older than that; a copy changed on two
 * devices is joined field by field: the turns of the copy whose turns changed last, the space
 * of the copy whose space changed last.
 */
import type { Chat } from '../memory/types';

/** When the chat last changed, turns or space. */
export function chatClock(chat: Pick<Chat, 'updatedAt' | 'spaceAt'>): string {
  return chat.spaceAt !== undefined && chat.spaceAt > chat.updatedAt ? chat.spaceAt : chat.updatedAt;
}

type SpaceFields = Pick<Chat, 'space' | 'spaceBy' | 'project' | 'spaceAt'>;
const SPACE_FIELDS = ['space', 'spaceBy', 'project', 'spaceAt'] as const;

function spaceFieldsOf(chat: Chat): SpaceFields {
  const out: SpaceFields = {};
  for (const f of SPACE_FIELDS) if (chat[f] !== undefined) Object.assign(out, { [f]: chat[f] });
  return out;
}

function withoutSpace(chat: Chat): Chat {
  const { space: _s, spaceBy: _b, project: _p, spaceAt: _a, ...rest } = chat;
  return rest;
}

/**
 * `here` and `there` joined: the record of the one whose turns changed last (`there` on a tie),
 * with the space fields of the one whose space changed last (a copy that never changed its
 * space here loses to one that did; on a tie, the record's own).
 */
export function joinChats(here: Chat, there: Chat): Chat {
  const body = here.updatedAt > there.updatedAt ? here : there;
  const other = body === here ? there : here;
  const newerSpace = (other.spaceAt ?? '') > (body.spaceAt ?? '') ? other : body;
  if (newerSpace === body) return body;
  return { ...withoutSpace(body), ...spaceFieldsOf(newerSpace) };
}
