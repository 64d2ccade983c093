import * as z from 'zod/mini';
import { browser } from '#imports';
import { mapProject, setChatSpace, setSiteDefault } from '../../../lib/db/chat-spaces';
import { getChat } from '../../../lib/db/chats';
import { deleteSpace, restoreSpace, spaceMemoryIds } from '../../../lib/db/space-delete';
import { editSpace } from '../../../lib/db/space-edit';
import { moveMemories } from '../../../lib/db/space-move';
import { createSpace, listSpaces, spaceCounts, TooManySpacesError, UnknownSpaceError } from '../../../lib/db/spaces';
import { chatIdOf } from '../../../lib/memory/new-chat';
import { projectSpace, type SpaceId } from '../../../lib/memory/spaces';
import { MessageError } from '../../../lib/protocol/define';
import { siteForUrl } from '../../../lib/sites/ids';
import { backupFirst } from '../backup-first';
import { conversationOfUrl, spaceOfTab } from '../chat-space';
import { scheduleEditBackup } from '../edit-backups';
import type { HandlerGroup } from '../router';
import { updateTab } from '../tab-state';

/** A name or description the space rules refuse is the caller's mistake: a clear refusal. */
async function checked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TooManySpacesError || error instanceof UnknownSpaceError)
      throw new MessageError('bad_request', error.message);
    if (error instanceof z.core.$ZodError)
      throw new MessageError('bad_request', 'a space needs a name of 1–60 characters and a description of at most 300');
    throw error;
  }
}

/** The chat page a tab shows: its site and address, read from the browser, never from a page. */
async function chatTab(tabId: number) {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  const site = siteForUrl(tab?.url ?? '');
  if (!tab?.url || !site) throw new MessageError('bad_request', `tab ${tabId} is not a supported chat page`);
  return { tabId, site, url: tab.url };
}

async function tabSpace(tabId: number) {
  const space = await spaceOfTab(await chatTab(tabId));
  return {
    space: space.space,
    by: space.by,
    chosen: space.choice !== undefined,
    project: space.project,
    projectSpace: space.project ? projectSpace(space.project, space.spaces) : null,
  };
}

/**
 * The user's choice in This tab. It is kept for the tab (for the conversation it shows, or for
 * a new chat), and on a stored chat with the chat itself; going back to automatic lets the
 * chat follow its project's mapping and its site's default again.
 */
async function choose(tabId: number, choice: { space: SpaceId | null } | null) {
  const tab = await chatTab(tabId);
  if (choice?.space && !(await listSpaces()).some((s) => s.id === choice.space))
    throw new MessageError('bad_request', `no space ${choice.space}`);
  const conversationId = conversationOfUrl(tab.url);
  await updateTab(
    tabId,
    { site: tab.site, url: tab.url },
    { choice: choice ? { site: tab.site, space: choice.space, conversationId } : undefined },
  );
  const chat = conversationId ? await getChat(chatIdOf(tab.site, conversationId)) : undefined;
  if (chat && chat.origin !== 'imported') {
    if (choice) await setChatSpace(chat.id, { space: choice.space, by: 'choice' }, chat.project ?? null);
    else {
      // The chat's own choice goes first, so the automatic answer is read without it.
      await setChatSpace(chat.id, { space: chat.space ?? null, by: 'none' }, chat.project ?? null);
      const now = await spaceOfTab(tab);
      await setChatSpace(chat.id, now, now.project);
    }
  }
  return tabSpace(tabId);
}

export const spaceHandlers: HandlerGroup<
  | 'spaces.list'
  | 'spaces.create'
  | 'spaces.update'
  | 'spaces.move'
  | 'spaces.delete'
  | 'spaces.restore'
  | 'spaces.ofTab'
  | 'spaces.chooseForTab'
  | 'spaces.mapProject'
  | 'spaces.siteDefault'
> = {
  'spaces.list': async () => {
    const [spaces, counts] = await Promise.all([listSpaces(), spaceCounts()]);
    return {
      spaces: spaces.map((s) => ({ ...s, memories: counts.bySpace.get(s.id) ?? 0 })),
      everywhere: counts.everywhere,
    };
  },
  'spaces.create': (fields) => checked(() => createSpace(fields)),
  'spaces.update': async ({ id, patch }) => {
    const trimmed = {
      ...patch,
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
    };
    const result = await checked(() => editSpace(id, trimmed));
    return { before: result?.before ?? null, after: result?.after ?? null };
  },
  'spaces.move': async ({ ids, space }) => {
    const result = await checked(() => moveMemories(ids, space));
    await scheduleEditBackup();
    return result;
  },
  'spaces.delete': async ({ id, memories }) => {
    const { backupSkipped } = await backupFirst('before space delete', await spaceMemoryIds(id));
    const deleted = await deleteSpace(id, memories);
    await scheduleEditBackup();
    return { space: deleted?.space ?? null, memories: deleted?.memories ?? [], backupSkipped };
  },
  'spaces.restore': async (deleted) => {
    await restoreSpace(deleted);
    await scheduleEditBackup();
    return { restored: deleted.memories.length };
  },
  'spaces.ofTab': ({ tabId }) => tabSpace(tabId),
  'spaces.chooseForTab': ({ tabId, choice }) => choose(tabId, choice),
  'spaces.mapProject': async ({ project, space }) => {
    await checked(() => mapProject(project, space));
    return {};
  },
  'spaces.siteDefault': async ({ site, space }) => {
    await checked(() => setSiteDefault(site, space));
    return {};
  },
};
