/**
 * A chat's space and what it reaches, through the real router: the order at capture (the
 * user's choice, a mapped project, the site's default, none), and the injection filter — a
 * chat in Work gets Work's and Everywhere's memories and never Home's; an isolated space only
 * its own; no space Everywhere's only; an archived space's memories nothing.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { updateSpace } from '../../../lib/db/spaces';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

async function ok<T>(message: unknown, sender: object): Promise<T> {
  const reply = await route(message, sender);
  if (!reply.ok) throw new Error(`${JSON.stringify(message)} → ${reply.error.message}`);
  return reply.data as T;
}

const panel = <T>(type: string, payload: object) => ok<T>({ type, payload }, extensionSender);
const space = (name: string, extra: object = {}) =>
  panel<{ id: string }>('spaces.create', { name, ...extra }).then((s) => s.id);

interface Prepared {
  block: string | null;
  memoryIds: string[];
}

const EVERYWHERE = memory({ content: 'User prefers Rust over Go for services' }, { id: 'm-everywhere' });
async function memories(work: string, home: string) {
  await db.memories.bulkPut([
    EVERYWHERE,
    memory({ content: 'User ships Rust services at Acme on Kubernetes' }, { id: 'm-work', space: work }),
    memory({ content: 'User writes Rust for the home Raspberry Pi' }, { id: 'm-home', space: home }),
  ]);
}

async function tab(url: string) {
  const t = await fakeBrowser.tabs.create({ url });
  return { id: t.id!, page: contentSender(url, t.id!) };
}

const prepare = (page: object, extra: object = {}) =>
  ok<Prepared>({ type: 'inject.prepare', payload: { draft: 'Rust', ...extra } }, page).then((p) => p.memoryIds.sort());

const capture = (page: object, conversationId: string, url: string, extra: object = {}) =>
  ok(
    {
      type: 'chat.capture',
      payload: { conversationId, url, title: 't', turns: [{ role: 'user', text: 'Hello there' }], ...extra },
    },
    page,
  );

describe('a chat space through the router', () => {
  it('a chat in Work gets Work and Everywhere, never Home', async () => {
    const work = await space('Work');
    const home = await space('Home');
    await memories(work, home);
    const t = await tab('https://chatgpt.com/');
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: work } });
    expect(await prepare(t.page)).toEqual(['m-everywhere', 'm-work']);
  });

  it('an isolated space gets only its own', async () => {
    const work = await space('Client A', { isolated: true });
    const home = await space('Home');
    await memories(work, home);
    const t = await tab('https://chatgpt.com/');
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: work } });
    expect(await prepare(t.page)).toEqual(['m-work']);
  });

  it('a chat in no space gets Everywhere only, chosen or not', async () => {
    const work = await space('Work');
    const home = await space('Home');
    await memories(work, home);
    const t = await tab('https://chatgpt.com/');
    expect(await prepare(t.page)).toEqual(['m-everywhere']);
    await panel('spaces.siteDefault', { site: 'chatgpt', space: work });
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: null } });
    expect(await prepare(t.page)).toEqual(['m-everywhere']);
  });

  it("an archived space's memories reach nothing, its own chats included", async () => {
    const work = await space('Work');
    const home = await space('Home');
    await memories(work, home);
    await updateSpace(work, { archived: true });
    const t = await tab('https://chatgpt.com/');
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: work } });
    expect(await prepare(t.page)).toEqual(['m-everywhere']);
    await updateSpace(work, { archived: false, endsAt: '2020-01-01T00:00:00.000Z' });
    expect(await prepare(t.page)).toEqual(['m-everywhere']);
  });

  it('the side panel preview ranks for the tab chat space, as the send does', async () => {
    const work = await space('Work');
    const home = await space('Home');
    await memories(work, home);
    const t = await tab('https://chatgpt.com/');
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: home } });
    const preview = await panel<{ items: { memory: { id: string } }[] }>('inject.preview', {
      site: 'chatgpt',
      draft: 'Rust',
      tabId: t.id,
    });
    expect(preview.items.map((i) => i.memory.id).sort()).toEqual(['m-everywhere', 'm-home']);
    // No tab named: a new chat on the site, in its default space.
    await panel('spaces.siteDefault', { site: 'chatgpt', space: work });
    const bySite = await panel<{ items: { memory: { id: string } }[] }>('inject.preview', {
      site: 'chatgpt',
      draft: 'Rust',
    });
    expect(bySite.items.map((i) => i.memory.id).sort()).toEqual(['m-everywhere', 'm-work']);
  });

  it('the injection record names the space', async () => {
    const work = await space('Work');
    const home = await space('Home');
    await memories(work, home);
    const t = await tab('https://chatgpt.com/');
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: work } });
    const prep = await ok<{ token: string }>({ type: 'inject.prepare', payload: { draft: 'Rust' } }, t.page);
    await ok({ type: 'inject.record', payload: { token: prep.token, chatId: null } }, t.page);
    expect((await db.injections.toArray()).map((i) => i.space)).toEqual([work]);
  });
});

describe('the order at capture', () => {
  const PROJECT = 'chatgpt:g-p-6aaea9da2bc881918d6f9eb5177cf904';
  const PROJECT_CHAT = 'https://chatgpt.com/g/g-p-6aaea9da2bc881918d6f9eb5177cf904-acme/c/aaaa-1111';

  it('a choice made on a new chat is given to the chat its first capture makes', async () => {
    const work = await space('Work');
    const t = await tab('https://chatgpt.com/');
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: work } });
    const url = 'https://chatgpt.com/c/new-chat-1';
    await capture(contentSender(url, t.id), 'new-chat-1', url);
    expect(await db.chats.get('chatgpt:new-chat-1')).toMatchObject({ space: work, spaceBy: 'choice' });
  });

  it('a mapped project, then the site default, then none', async () => {
    const work = await space('Work');
    const home = await space('Home');
    await panel('spaces.siteDefault', { site: 'chatgpt', space: home });
    await panel('spaces.mapProject', { project: PROJECT, space: work });
    const t = await tab(PROJECT_CHAT);
    await capture(t.page, 'aaaa-1111', PROJECT_CHAT, { project: PROJECT });
    expect(await db.chats.get('chatgpt:aaaa-1111')).toMatchObject({
      space: work,
      spaceBy: 'project',
      project: PROJECT,
    });
    const plainUrl = 'https://chatgpt.com/c/bbbb-2222';
    const plain = await tab(plainUrl);
    await capture(plain.page, 'bbbb-2222', plainUrl, { project: null });
    expect(await db.chats.get('chatgpt:bbbb-2222')).toMatchObject({ space: home, spaceBy: 'site' });
    const claudeUrl = 'https://claude.ai/chat/cccc-3333';
    const other = await tab(claudeUrl);
    await capture(other.page, 'cccc-3333', claudeUrl);
    const none = await db.chats.get('claude:cccc-3333');
    expect(none).toMatchObject({ spaceBy: 'none' });
    expect(none?.space).toBeUndefined();
  });

  it('a later capture naming no project (a breadcrumb not drawn yet) leaves the chat in its project', async () => {
    const work = await space('Work');
    await panel('spaces.mapProject', { project: PROJECT, space: work });
    const t = await tab(PROJECT_CHAT);
    await capture(t.page, 'aaaa-1111', PROJECT_CHAT, { project: PROJECT });
    await capture(t.page, 'aaaa-1111', PROJECT_CHAT, { project: null });
    expect(await db.chats.get('chatgpt:aaaa-1111')).toMatchObject({
      space: work,
      spaceBy: 'project',
      project: PROJECT,
    });
  });

  it('a new mapping or default moves the chats without a choice; a chosen chat keeps its space', async () => {
    const work = await space('Work');
    const home = await space('Home');
    const t = await tab(PROJECT_CHAT);
    await capture(t.page, 'aaaa-1111', PROJECT_CHAT, { project: PROJECT });
    const chosenUrl = 'https://chatgpt.com/g/g-p-6aaea9da2bc881918d6f9eb5177cf904-acme/c/dddd-4444';
    const chosen = await tab(chosenUrl);
    await capture(chosen.page, 'dddd-4444', chosenUrl, { project: PROJECT });
    await panel('spaces.chooseForTab', { tabId: chosen.id, choice: { space: home } });
    await panel('spaces.mapProject', { project: PROJECT, space: work });
    expect(await db.chats.get('chatgpt:aaaa-1111')).toMatchObject({ space: work, spaceBy: 'project' });
    expect(await db.chats.get('chatgpt:dddd-4444')).toMatchObject({ space: home, spaceBy: 'choice' });
    // Mapped elsewhere: taken off Work, so a project is in one space at most.
    await panel('spaces.mapProject', { project: PROJECT, space: home });
    const spaces = await db.spaces.toArray();
    expect(spaces.find((s) => s.id === work)?.projects).toEqual([]);
    expect(spaces.find((s) => s.id === home)?.projects).toEqual([PROJECT]);
    expect(await db.chats.get('chatgpt:aaaa-1111')).toMatchObject({ space: home, spaceBy: 'project' });
    // Back to automatic: the chosen chat follows the mapping again.
    await panel('spaces.chooseForTab', { tabId: chosen.id, choice: null });
    expect(await db.chats.get('chatgpt:dddd-4444')).toMatchObject({ space: home, spaceBy: 'project' });
    expect(await panel('spaces.ofTab', { tabId: chosen.id })).toEqual({
      space: home,
      by: 'project',
      chosen: false,
      project: PROJECT,
      projectSpace: home,
    });
  });
});
