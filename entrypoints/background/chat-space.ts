/**
 * The space of the chat a tab shows, decided in one place for every path that builds a block
 * (inject.prepare, the panel's preview, request keywords, Activity) and for the capture that
 * keeps it with the chat. Inputs are only the user's choice (the chat's own, or this tab's),
 * the project the page's address names (for a stored chat, the one its first capture read),
 * mapped by the user, and the site's default: never page text. The answer stays in the background; a page is never told it.
 */
import { adapterForUrl } from '../../lib/adapters';
import { getChat } from '../../lib/db/chats';
import { listSpaces } from '../../lib/db/spaces';
import { chatIdOf } from '../../lib/memory/new-chat';
import {
  type ChatSpace,
  chatSpace,
  filterOf,
  type ProjectKey,
  reachOf,
  type Space,
  type SpaceFilter,
  type SpaceId,
} from '../../lib/memory/spaces';
import type { Chat } from '../../lib/memory/types';
import { MessageError } from '../../lib/protocol/define';
import type { SiteId } from '../../lib/sites/ids';
import { nowMs } from '../../lib/time';
import { getTab, type TabRecord } from './tab-state';

export interface TabSpace extends ChatSpace {
  /** Every space the store has, for the reach (and the panel's names). */
  spaces: Space[];
  /** What injection may rank: filterOf(reachOf(space)). */
  filter: SpaceFilter;
  conversationId: string | null;
  project: ProjectKey | null;
  /** The user's choice that applies (undefined: none made), as chatSpace reads it. */
  choice: SpaceId | null | undefined;
  /** The tab's record as read for this answer, so a caller needs no second read. */
  tab: TabRecord | null;
}

export function conversationOfUrl(url: string): string | null {
  try {
    return adapterForUrl(url)?.conversationId(new URL(url)) ?? null;
  } catch {
    return null;
  }
}

/**
 * The user's choice for this conversation: the chat's own when it was chosen; else this tab's
 * choice when made for this conversation, or made on a new chat and the conversation is not
 * stored yet (the new chat that choice was for, getting its id).
 */
function choiceFor(
  tab: TabRecord | null,
  site: SiteId,
  conversationId: string | null,
  chat: Chat | undefined,
): SpaceId | null | undefined {
  if (chat?.spaceBy === 'choice') return chat.space ?? null;
  const choice = tab?.choice;
  // A choice made on one site's page says nothing about another site's page in the same tab.
  if (!choice || choice.site !== site) return undefined;
  if (choice.conversationId === conversationId) return choice.space;
  const unstored = !chat || chat.origin === 'imported';
  return choice.conversationId === null && unstored ? choice.space : undefined;
}

/**
 * The project a page names, if it is one of its own site's: a page speaks for its site only, so
 * a key naming another site's project is a forged message and refused.
 */
export function pageProject(site: SiteId, project: ProjectKey | null | undefined): ProjectKey | null | undefined {
  if (project && !project.startsWith(`${site}:`))
    throw new MessageError('bad_request', "a page names its own site's project only");
  return project;
}

/**
 * The space of what `tabId` shows at `url`. `project` is what the page said with this message,
 * else what it said last in this tab (null: none).
 */
export async function spaceOfTab(input: {
  tabId: number;
  site: SiteId;
  url: string;
  project?: ProjectKey | null;
  /** The conversation, when the message names it (a capture); else read from `url`. */
  conversationId?: string | null;
}): Promise<TabSpace> {
  const conversationId = input.conversationId !== undefined ? input.conversationId : conversationOfUrl(input.url);
  const [tab, spaces, chat] = await Promise.all([
    getTab(input.tabId),
    listSpaces(),
    conversationId ? getChat(chatIdOf(input.site, conversationId)) : Promise.resolve(undefined),
  ]);
  const named = input.project !== undefined ? input.project : (tab?.project ?? null);
  // A chat keeps the project of its first reading: a page that later rewrites its own address
  // into a mapped project (history.pushState to /g/g-p-<id>/c/<id>) does not move it there. A
  // file's history under this id was never read from a page here: the page's reading counts.
  const project = chat && chat.origin !== 'imported' ? (chat.project ?? null) : (named ?? null);
  const choice = choiceFor(tab, input.site, conversationId, chat);
  const space = chatSpace({ choice, project, site: input.site }, spaces);
  return {
    ...space,
    spaces,
    filter: filterOf(reachOf(space.space, spaces, nowMs())),
    conversationId,
    project,
    choice,
    tab,
  };
}

/** A stable text for what a block's choice depended on: a block made for another space is not reused. */
export function filterKey(filter: SpaceFilter): string {
  return `${filter.everywhere ? 'E' : '-'}|${filter.spaces === 'all' ? '*' : [...filter.spaces].sort().join(',')}`;
}
