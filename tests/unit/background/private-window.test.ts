/**
 * A chat page in a private window (`sender.tab.incognito`, Chrome and Firefox alike, the
 * extension allowed there by the user): nothing of it is stored or sent. Every message from it
 * passes the router's one rule: captures, sends, a chat's switch, health reports, injection
 * records and feedback are refused; the site's switches answer "not learning"; a block may still
 * be prepared from the user's memories, but never with request keywords.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, type Handlers, type SenderContext } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { CHAT_PAGE_MESSAGES } from '../../../lib/protocol/chat-page';
import { IN_PRIVATE_WINDOW } from '../../../lib/protocol/private-window';
import { contentSender, routerOptions } from '../helpers';

const CHATGPT = 'https://chatgpt.com/c/abc-123';
const privateSender = (url = CHATGPT) => {
  const s = contentSender(url);
  return { ...s, tab: { ...s.tab, incognito: true } };
};

const capture = {
  type: 'chat.capture',
  payload: { conversationId: 'abc-123', url: CHATGPT, title: 'T', turns: [{ role: 'user', text: 'I live in Lyon' }] },
};

describe('a chat page in a private window', () => {
  beforeEach(() => fakeBrowser.reset());

  it('stores nothing: its capture and its send are refused (the same from a normal tab are kept)', async () => {
    const route = createRouter(handlers, routerOptions);
    expect(await route(capture, privateSender())).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await route({ type: 'chat.sent', payload: { text: 'I live in Lyon' } }, privateSender())).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await db.chats.count()).toBe(0);
    expect(await db.sends.count()).toBe(0);
    expect(await route(capture, contentSender(CHATGPT))).toMatchObject({ ok: true });
    expect(await db.chats.count()).toBe(1);
  });

  it('passes one rule for every message a chat page may send', async () => {
    const seen: { type: string; req: unknown; ctx: SenderContext }[] = [];
    const spy = new Proxy({} as Handlers, {
      get: (_t, type: string) => async (req: unknown, ctx: SenderContext) => {
        seen.push({ type, req, ctx });
        return type === 'site.config' ? { learn: true, inject: 'auto', mark: 'm', language: 'auto' } : {};
      },
    });
    const route = createRouter(spy, routerOptions);
    const payloads: Record<string, unknown> = {
      'chat.capture': capture.payload,
      'chat.sent': { text: 'x' },
      'chat.left': { conversationId: 'abc-123' },
      'chat.status': { conversationId: 'abc-123' },
      'chat.exclude': { conversationId: 'abc-123' },
      'chat.include': { conversationId: 'abc-123' },
      'inject.prepare': { draft: 'where do I live', use: 'warm', learn: true },
      'inject.record': { token: 't' },
      'inject.missed': { token: 't' },
      'inject.followup': { text: 'that is wrong' },
    };
    for (const type of Object.keys(CHAT_PAGE_MESSAGES)) {
      const reply = await route({ type, payload: payloads[type] ?? {} }, privateSender());
      const rule = IN_PRIVATE_WINDOW[type as keyof typeof IN_PRIVATE_WINDOW];
      if (rule === 'refused') expect(reply, type).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      else expect(reply.ok, type).toBe(true);
    }
    const reached = seen.map((s) => s.type).sort();
    expect(reached).toEqual(
      Object.entries(IN_PRIVATE_WINDOW)
        .filter(([, rule]) => rule !== 'refused')
        .map(([t]) => t)
        .sort(),
    );
    for (const s of seen) expect(s.ctx).toMatchObject({ kind: 'content', private: true });
    // No request keywords: the draft is prepared as for a chat that is not remembered.
    expect(seen.find((s) => s.type === 'inject.prepare')?.req).toMatchObject({ learn: false });
    const config = await route({ type: 'site.config', payload: {} }, privateSender());
    expect(config).toMatchObject({ ok: true, data: { learn: false, inject: 'auto' } });
  });

  it('refuses what writes or leaves the machine, answers the rest', () => {
    expect(IN_PRIVATE_WINDOW).toMatchObject({
      'chat.capture': 'refused',
      'chat.sent': 'refused',
      'chat.left': 'refused',
      'chat.exclude': 'refused',
      'chat.include': 'refused',
      'chat.status': 'refused',
      'site.health': 'refused',
      'inject.record': 'refused',
      'inject.missed': 'refused',
      'inject.followup': 'refused',
      'site.config': 'not-learning',
      'inject.prepare': 'not-learning',
      ping: 'answered',
    });
  });
});
