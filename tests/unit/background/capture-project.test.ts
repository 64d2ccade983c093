/**
 * A ChatGPT page rewriting its own address into a mapped project (`/g/g-p-<id>/c/<id>`, as
 * `history.pushState` does) to move a chat already stored into that project's space, through
 * the real router and store: the chat keeps the project of its first reading (none here), so
 * neither the stored chat nor a block for it reaches the mapped space; and a capture may name
 * only the conversation its tab shows (or the one it just left), never another of the site's.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { onTabNavigated } from '../../../entrypoints/background/lifecycle';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const HEX = '6aaea9da2bc881918d6f9eb5177cf904';
const PROJECT = `chatgpt:g-p-${HEX}`;

async function ok<T>(message: unknown, sender: object): Promise<T> {
  const reply = await route(message, sender);
  if (!reply.ok) throw new Error(`${JSON.stringify(message).slice(0, 80)} → ${reply.error.message}`);
  return reply.data as T;
}
const panel = <T>(type: string, payload: object) => ok<T>({ type, payload }, extensionSender);

function capture(conversationId: string, url: string, text: string, project: string | null = null) {
  return {
    type: 'chat.capture',
    payload: { conversationId, url, title: 'Budget', turns: [{ role: 'user', text }], project },
  };
}

async function mappedSecret() {
  const secret = await panel<{ id: string }>('spaces.create', { name: 'Client Z', isolated: true }).then((s) => s.id);
  await panel('spaces.mapProject', { project: PROJECT, space: secret });
  await db.memories.put(memory({ content: 'User audits Rust ledgers for Client Z' }, { id: 'm-z', space: secret }));
  return secret;
}

describe('a page moving a stored chat into a mapped project', () => {
  it('keeps the project of the first reading: the chat stays out of the mapped space, and so does its block', async () => {
    await mappedSecret();
    const t = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/c/victim' });
    const plain = 'https://chatgpt.com/c/victim';
    await ok(capture('victim', plain, 'Which Rust crates for ledgers?'), contentSender(plain, t.id));
    expect((await db.chats.get('chatgpt:victim'))?.space).toBeUndefined();

    // The page rewrites its address into the mapped project (the browser reports the new URL).
    const forged = `https://chatgpt.com/g/g-p-${HEX}-z/c/victim`;
    await fakeBrowser.tabs.update(t.id, { url: forged });
    const page = contentSender(forged, t.id);
    await ok(capture('victim', forged, 'Which Rust crates for ledgers?', PROJECT), page);
    const stored = await db.chats.get('chatgpt:victim');
    expect([stored?.space, stored?.project]).toEqual([undefined, undefined]);
    const block = await ok<{ memoryIds: string[] }>(
      { type: 'inject.prepare', payload: { draft: 'Rust ledgers', use: 'send', project: PROJECT } },
      page,
    );
    expect(block.memoryIds).not.toContain('m-z');
  });

  it('a new chat of the mapped project is still in its space', async () => {
    const secret = await mappedSecret();
    const url = `https://chatgpt.com/g/g-p-${HEX}-z/c/fresh-chat`;
    const t = await fakeBrowser.tabs.create({ url });
    await ok(capture('fresh-chat', url, 'Rust ledger crates?', PROJECT), contentSender(url, t.id));
    expect(await db.chats.get('chatgpt:fresh-chat')).toMatchObject({
      space: secret,
      spaceBy: 'project',
      project: PROJECT,
    });
  });

  it('refuses a capture naming a conversation its tab does not show, and takes the one it just left', async () => {
    const t = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/c/first-chat' });
    const tabId = t.id!;
    const first = 'https://chatgpt.com/c/first-chat';
    await ok(capture('first-chat', first, 'First chat'), contentSender(first, t.id));
    const reply = await route(capture('someone-else', first, 'Planted text'), contentSender(first, t.id));
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await db.chats.get('chatgpt:someone-else')).toBeUndefined();

    // The tab moved on; the page's last reading of the chat it left still arrives.
    const second = 'https://chatgpt.com/c/second-chat';
    await fakeBrowser.tabs.update(t.id, { url: second });
    await onTabNavigated(tabId, second);
    await ok(capture('first-chat', first, 'First chat, answered'), contentSender(second, t.id));
    expect((await db.chats.get('chatgpt:first-chat'))?.turns.map((x) => x.text)).toEqual(['First chat, answered']);
  });
});
