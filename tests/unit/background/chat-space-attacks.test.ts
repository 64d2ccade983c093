/**
 * What a chat page can do about spaces: nothing but name its own site's project by its address.
 * It cannot send any spaces message, cannot name another site's project or a crafted one, learns
 * no space name or id from any reply, and a block chosen before the user switched the tab's space
 * is not handed out after the switch.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { CHAT_PAGE_MESSAGES } from '../../../lib/protocol/chat-page';
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

async function tab(url: string) {
  const t = await fakeBrowser.tabs.create({ url });
  return { id: t.id!, page: contentSender(url, t.id!) };
}

const HEX = '6aaea9da2bc881918d6f9eb5177cf904';

describe('a chat page and spaces', () => {
  it('cannot send any spaces message', async () => {
    const work = await space('Work');
    const t = await tab('https://chatgpt.com/c/abc');
    const tries: [string, object][] = [
      ['spaces.list', {}],
      ['spaces.create', { name: 'Spy' }],
      ['spaces.ofTab', { tabId: t.id }],
      ['spaces.chooseForTab', { tabId: t.id, choice: { space: work } }],
      ['spaces.mapProject', { project: `chatgpt:g-p-${HEX}`, space: work }],
      ['spaces.siteDefault', { site: 'chatgpt', space: work }],
    ];
    for (const [type, payload] of tries) {
      expect(await route({ type, payload }, t.page), type).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect((await db.spaces.toArray()).map((s) => [s.projects, s.sites])).toEqual([[[], []]]);
  });

  it("cannot name another site's project, nor a crafted one", async () => {
    const work = await space('Work');
    await panel('spaces.mapProject', {
      project: `claude:${'0'.repeat(8)}-aaaa-bbbb-cccc-${'0'.repeat(12)}`,
      space: work,
    });
    const t = await tab('https://chatgpt.com/c/abc');
    const forged = [
      `claude:${'0'.repeat(8)}-aaaa-bbbb-cccc-${'0'.repeat(12)}`, // another site's, even one the user mapped
      'chatgpt:g-p-1"><img src=x onerror=alert(1)>', // markup
      `chatgpt:g-p-${'a'.repeat(5000)}`, // huge
      'g-p-no-site', // not a key
    ];
    const turns = [{ role: 'user', text: 'Hello there' }];
    for (const project of forged) {
      const messages = [
        { type: 'inject.prepare', payload: { draft: 'Rust', project } },
        {
          type: 'chat.capture',
          payload: { conversationId: 'abc', url: 'https://chatgpt.com/c/abc', title: 't', turns, project },
        },
        {
          type: 'site.health',
          payload: { conversationId: 'abc', url: 'https://chatgpt.com/c/abc', matched: {}, turns: 0, project },
        },
      ];
      for (const message of messages) {
        expect(await route(message, t.page), `${message.type} ${project.slice(0, 40)}`).toMatchObject({
          ok: false,
          error: { code: 'bad_request' },
        });
      }
    }
    expect(await db.chats.count()).toBe(0);
  });

  it('learns no space name or id from any chat-page message', async () => {
    const secret = await space('Zeta Secret Client', { description: 'NDA work for Zeta' });
    await db.memories.bulkPut([
      memory({ content: 'User audits Rust ledgers for the payments team' }, { id: 'm-z', space: secret }),
      memory({ content: 'User prefers Rust over Go for services' }, { id: 'm-e' }),
    ]);
    const project = `chatgpt:g-p-${HEX}`;
    await panel('spaces.mapProject', { project, space: secret });
    const url = `https://chatgpt.com/g/g-p-${HEX}-zeta/c/abc`;
    const t = await tab(url);
    const turns = [{ role: 'user', text: 'Which Rust crates?' }];
    const replies: unknown[] = [];
    const asked = new Set<string>();
    const send = async (type: keyof typeof CHAT_PAGE_MESSAGES, payload: object) => {
      asked.add(type);
      replies.push(await route({ type, payload }, t.page));
    };
    await send('ping', {});
    await send('site.config', {});
    await send('site.health', { conversationId: 'abc', url, matched: {}, turns: 1, project, draft: 'Rust' });
    await send('chat.capture', { conversationId: 'abc', url, title: 'Zeta', turns, project });
    await send('chat.status', { conversationId: 'abc' });
    await send('chat.sent', { text: 'Which Rust crates?' });
    for (const use of ['warm', 'send', 'hand'] as const) await send('inject.prepare', { draft: 'Rust', use, project });
    const sent = replies.at(-2) as { data: { token: string; block: string } };
    expect(sent.data.block).toContain('payments team'); // the space's memory does reach its chat…
    await send('inject.missed', { token: sent.data.token });
    await send('inject.record', { token: sent.data.token, chatId: 'chatgpt:abc' });
    await send('inject.followup', { text: 'thanks', chatId: 'chatgpt:abc' });
    await send('chat.exclude', { conversationId: 'abc' });
    await send('chat.include', { conversationId: 'abc' });
    await send('chat.left', { conversationId: 'abc' });
    expect([...asked].sort()).toEqual(Object.keys(CHAT_PAGE_MESSAGES).sort());
    const text = JSON.stringify(replies);
    // …but nothing says which space, or that there is one.
    for (const leak of ['Zeta Secret Client', 'NDA work', secret, 'space']) expect(text).not.toContain(leak);
  });

  it('does not hand out a block chosen before the user switched the tab space', async () => {
    const home = await space('Home');
    const work = await space('Work');
    await db.memories.bulkPut([
      memory({ content: 'User writes Rust for the home Raspberry Pi' }, { id: 'm-home', space: home }),
      memory({ content: 'User ships Rust services at Acme on Kubernetes' }, { id: 'm-work', space: work }),
    ]);
    const t = await tab('https://chatgpt.com/');
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: home } });
    // Typing ahead: the block is chosen for Home and kept in the background.
    await ok({ type: 'inject.prepare', payload: { draft: 'Rust', use: 'warm' } }, t.page);
    await panel('spaces.chooseForTab', { tabId: t.id, choice: { space: work } });
    const sent = await ok<{ memoryIds: string[]; block: string }>(
      { type: 'inject.prepare', payload: { draft: 'Rust', use: 'send' } },
      t.page,
    );
    expect(sent.memoryIds).toEqual(['m-work']);
    expect(sent.block).not.toContain('Raspberry');
  });
});
