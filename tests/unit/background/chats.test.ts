/** The chat-page messages through the real router: sender checks, site from the sender, health. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { deltaOf, turnHash } from '../../../lib/content/turn-delta';
import { getChat } from '../../../lib/db/chats';
import type { Reply } from '../../../lib/protocol/define';
import { contentSender, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const CHATGPT = 'https://chatgpt.com/c/abc-123';
const matched = {
  composer: '#prompt-textarea[contenteditable="true"]',
  sendButton: 'button[data-testid="send-button"]',
  stopButton: null,
  userTurn: '[data-message-author-role="user"]',
  assistantTurn: '[data-message-author-role="assistant"]',
};

async function ok<T>(reply: Promise<Reply<unknown>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data as T;
}

const capture = (url = CHATGPT) => ({
  type: 'chat.capture',
  payload: { conversationId: 'abc-123', url, title: 'T', turns: [{ role: 'user', text: 'hello' }] },
});

const TURNS = [
  { role: 'user', text: 'hello' },
  { role: 'assistant', text: 'hi, how can I help?' },
] as const;
type PageTurn = { role: 'user' | 'assistant'; text: string };
const hashes = (turns: readonly PageTurn[]) => turns.map((t) => ({ ...t, hash: turnHash(t) }));

/** A capture sent as a delta: what the page shows now, against what it sent last. */
function delta(shows: readonly { role: 'user' | 'assistant'; text: string }[], sent: readonly string[]) {
  return {
    type: 'chat.capture',
    payload: { conversationId: 'abc-123', url: CHATGPT, title: 'T', ...deltaOf(hashes(shows), sent) },
  };
}

describe('captures sent as deltas', () => {
  beforeEach(() => fakeBrowser.reset());

  it('puts the stored turns in front of the ones sent when the fingerprint matches', async () => {
    await ok(route(delta(TURNS, []), contentSender(CHATGPT)));
    const sent = hashes(TURNS).map((t) => t.hash);
    const next = [...TURNS, { role: 'user', text: 'and tomorrow?' } as const];
    const message = delta(next, sent);
    expect(message.payload).toMatchObject({ base: 2, turns: [{ text: 'and tomorrow?' }] });
    expect(await ok(route(message, contentSender(CHATGPT)))).toEqual({ chatId: 'chatgpt:abc-123', excluded: false });
    expect((await getChat('chatgpt:abc-123'))?.turns.map((t) => t.text)).toEqual(next.map((t) => t.text));
  });

  it('an edited earlier turn is sent from that turn on and replaces what followed', async () => {
    await ok(route(delta(TURNS, []), contentSender(CHATGPT)));
    const edited = [
      { role: 'user', text: 'hello, edited' } as const,
      { role: 'assistant', text: 'a new answer' } as const,
    ];
    const message = delta(
      edited,
      hashes(TURNS).map((t) => t.hash),
    );
    expect(message.payload.base).toBe(0);
    await ok(route(message, contentSender(CHATGPT)));
    expect((await getChat('chatgpt:abc-123'))?.turns.map((t) => t.text)).toEqual(['hello, edited', 'a new answer']);
  });

  it('asks for everything when the stored turns are not what the page sent (another tab, a restore)', async () => {
    await ok(route(delta([TURNS[0]], []), contentSender(CHATGPT)));
    // The page believes it sent both turns; the store holds one.
    const message = delta(
      [...TURNS, { role: 'user', text: 'more' }],
      hashes(TURNS).map((t) => t.hash),
    );
    expect(await ok(route(message, contentSender(CHATGPT)))).toEqual({
      chatId: 'chatgpt:abc-123',
      excluded: false,
      resend: true,
    });
    expect((await getChat('chatgpt:abc-123'))?.turns.map((t) => t.text)).toEqual(['hello']);
    const forged = { ...message, payload: { ...message.payload, base: 1, prefix: 'forged' } };
    expect(await ok(route(forged, contentSender(CHATGPT)))).toMatchObject({ resend: true });
  });
});

describe('chat messages', () => {
  beforeEach(() => fakeBrowser.reset());

  it('stores a capture under the sender site, whatever the payload says', async () => {
    const reply = await ok<{ chatId: string }>(route(capture('https://claude.ai/chat/x'), contentSender(CHATGPT)));
    expect(reply).toEqual({ chatId: 'chatgpt:abc-123', excluded: false });
    expect((await getChat('chatgpt:abc-123'))?.url).toBe(CHATGPT);
  });

  it('refuses page messages from extension pages and extension messages from pages', async () => {
    expect(await route(capture(), extensionSender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const get = { type: 'chats.get', payload: { id: 'chatgpt:abc-123' } };
    expect(await route(get, contentSender(CHATGPT))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await route({ type: 'tab.health', payload: {} }, contentSender(CHATGPT))).toMatchObject({ ok: false });
  });

  it('excludes a chat from the page and from the side panel, which must name the site', async () => {
    await ok(route(capture(), contentSender(CHATGPT)));
    const fromPage = await ok(
      route({ type: 'chat.exclude', payload: { conversationId: 'abc-123' } }, contentSender(CHATGPT)),
    );
    expect(fromPage).toMatchObject({ chatId: 'chatgpt:abc-123', excluded: true, turns: 0 });
    const noSite = await route({ type: 'chat.include', payload: { conversationId: 'abc-123' } }, extensionSender);
    expect(noSite).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const panel = { type: 'chat.include', payload: { conversationId: 'abc-123', site: 'chatgpt' } };
    expect(await ok(route(panel, extensionSender))).toMatchObject({ excluded: false });
    const status = { type: 'chat.status', payload: { conversationId: 'abc-123' } };
    expect(await ok(route(status, contentSender(CHATGPT)))).toMatchObject({ excluded: false, state: 'open' });
  });

  it('lets the side panel name a tab instead of a conversation', async () => {
    await ok(route(capture(), contentSender(CHATGPT, 7)));
    const excluded = await ok(route({ type: 'chat.exclude', payload: { tabId: 7 } }, extensionSender));
    expect(excluded).toMatchObject({ chatId: 'chatgpt:abc-123', excluded: true });
    const unknownTab = await ok(route({ type: 'chat.status', payload: { tabId: 8 } }, extensionSender));
    expect(unknownTab).toEqual({ chatId: null, excluded: false, state: null, turns: 0 });
    const cannot = await route({ type: 'chat.exclude', payload: { tabId: 8 } }, extensionSender);
    expect(cannot).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('finishes the conversation a page left', async () => {
    await ok(route(capture(), contentSender(CHATGPT)));
    const left = await ok(route({ type: 'chat.left', payload: { conversationId: 'abc-123' } }, contentSender(CHATGPT)));
    expect(left).toEqual({ queued: true });
    expect((await getChat('chatgpt:abc-123'))?.state).toBe('finished');
  });

  it('tells a page its own switches, the block mark and the panel language setting, nothing else', async () => {
    const config = await ok(route({ type: 'site.config', payload: {} }, contentSender(CHATGPT)));
    expect(config).toEqual({
      learn: true,
      inject: 'auto',
      mark: expect.stringMatching(/^[0-9a-z]{8}$/),
      language: 'auto',
    });
  });
});

describe('site health', () => {
  beforeEach(() => fakeBrowser.reset());

  const report = (over: object) => ({
    type: 'site.health',
    payload: { conversationId: 'abc-123', url: CHATGPT, matched, turns: 2, ...over },
  });
  const health = (tabId: number) => route({ type: 'tab.health', payload: { tabId } }, extensionSender);

  it('reports working, composer not found, messages not found', async () => {
    await ok(route(report({}), contentSender(CHATGPT, 7)));
    expect(await ok(health(7))).toMatchObject({ site: 'chatgpt', state: 'working', chatId: 'chatgpt:abc-123' });
    await ok(route(report({ matched: { ...matched, composer: null } }), contentSender(CHATGPT, 7)));
    expect(await ok(health(7))).toMatchObject({ state: 'composer_missing' });
    await ok(route(report({ turns: 0, matched: { ...matched, userTurn: null } }), contentSender(CHATGPT, 7)));
    expect(await ok(health(7))).toMatchObject({ state: 'messages_missing' });
    await ok(route(report({ conversationId: null, turns: 0 }), contentSender(CHATGPT, 7)));
    expect(await ok(health(7))).toMatchObject({ state: 'working', chatId: null });
  });

  it('knows chat tabs that have not reported and tabs that are not chat sites', async () => {
    const chat = await fakeBrowser.tabs.create({ url: 'https://www.kimi.com/' });
    const other = await fakeBrowser.tabs.create({ url: 'https://example.com/' });
    expect(await ok(health(chat.id!))).toMatchObject({ site: 'kimi', state: 'not_connected' });
    expect(await ok(health(other.id!))).toMatchObject({ site: null, state: 'not_connected' });
  });
});
