/**
 * A site's "learn from chats" switch in the background: a page's captures, "left" and
 * follow-ups are refused while it is off (whatever its content script believes), and chats
 * already queued for that site wait until it is on again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { getChat, listChats } from '../../../lib/db/chats';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { loadSettings, saveSettings } from '../../../lib/db/settings-store';
import type { SiteMode } from '../../../lib/settings/schema';
import type { SiteId } from '../../../lib/sites/ids';
import { FakeAnthropicApi } from '../../fake-api/server';
import { contentSender, routerOptions } from '../helpers';
import { finishedChat, saveMemories, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const route = createRouter(handlers, routerOptions);
const CHATGPT = 'https://chatgpt.com/c/abc-123';
const TURNS = [
  { role: 'user' as const, text: 'I moved to Chengdu last month.' },
  { role: 'assistant' as const, text: 'Welcome to Chengdu!' },
];

async function setSite(site: SiteId, learn: boolean, inject: SiteMode = 'auto'): Promise<void> {
  const s = await loadSettings();
  await saveSettings({ ...s, sites: { ...s.sites, [site]: { ...s.sites[site], learn, inject } } });
}

describe('learning from chats switched off for a site', () => {
  it('refuses and drops what its pages send: capture, left, follow-up', async () => {
    await setUpQueue(api);
    await setSite('chatgpt', false);
    const sender = contentSender(CHATGPT);
    const capture = {
      type: 'chat.capture',
      payload: { conversationId: 'abc-123', url: CHATGPT, title: 'T', turns: TURNS },
    };
    expect(await route(capture, sender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const left = { type: 'chat.left', payload: { conversationId: 'abc-123' } };
    expect(await route(left, sender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const followup = { type: 'inject.followup', payload: { text: "that's wrong", chatId: 'chatgpt:abc-123' } };
    expect(await route(followup, sender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await listChats()).toEqual([]);
    // Another site is not affected.
    const kimi = contentSender('https://www.kimi.com/chat/k-1');
    const kimiCapture = {
      type: 'chat.capture',
      payload: { ...capture.payload, conversationId: 'k-1', url: 'https://www.kimi.com/chat/k-1' },
    };
    expect(await route(kimiCapture, kimi)).toMatchObject({ ok: true });
  });

  it('tells the page both switches; adding memories off means no block', async () => {
    await setUpQueue(api);
    await setSite('chatgpt', false, 'manual');
    const sender = contentSender(CHATGPT);
    const config = await route({ type: 'site.config', payload: {} }, sender);
    expect(config).toMatchObject({ ok: true, data: { learn: false, inject: 'manual' } });
    await setSite('chatgpt', true, 'off');
    const prepared = await route({ type: 'inject.prepare', payload: { draft: 'Where do I live?' } }, sender);
    expect(prepared).toMatchObject({ ok: true, data: { block: null } });
  });

  it('holds the site’s queued chats and runs them once it is on again', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    await setSite('chatgpt', false);
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(0);
    expect(await getJob(jobIdOf(chat.id, chat.version))).toMatchObject({ state: 'pending' });

    await setSite('chatgpt', true);
    api.enqueue(saveMemories('Moved.', [{ op: 'add', content: 'Lives in Chengdu', type: 'fact', importance: 4 }]));
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(1);
    expect(await getJob(jobIdOf(chat.id, chat.version))).toMatchObject({ state: 'done' });
    expect((await listMemories()).map((m) => m.content)).toEqual(['Lives in Chengdu']);
    expect((await getChat(chat.id))?.state).toBe('finished');
  });
});
