/**
 * What one site can make claude-mem store and spend: a page inventing conversations, huge
 * turns and endless chats is cut with a marker, refused past the per-site rate bounds, and
 * its extraction jobs wait for the next window; the Queue can read which bound was hit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { cleanCapturedTurns } from '../../../lib/content/capture';
import { getChat, listChats } from '../../../lib/db/chats';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { boundsHit, spend } from '../../../lib/db/site-bounds';
import { defaultSettings } from '../../../lib/settings/schema';
import { MAX_CHAT_TURNS, MAX_TURN_CHARS, SITE_RATE_LIMITS, siteTokenLimits } from '../../../lib/sites/bounds';
import { setClock } from '../../../lib/time';
import { FakeAnthropicApi } from '../../fake-api/server';
import { contentSender, routerOptions } from '../helpers';
import { finishedChat, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const route = createRouter(handlers, routerOptions);
const AT = Date.parse('2026-12-01T10:20:00.000Z');
const url = (id: string) => `https://chatgpt.com/c/${id}`;
const capture = (id: string, turns: { role: string; text: string }[]) => ({
  type: 'chat.capture',
  payload: { conversationId: id, url: url(id), title: 'T', turns },
});

describe('per-site bounds', () => {
  beforeEach(() => setClock(() => AT));

  it('a page’s 5,000 turns × 200,000 characters: refused whole as sent, stored cut and marked as the content script sends it', async () => {
    const turns = Array.from({ length: 5_000 }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      text: String(i % 10).repeat(2 * MAX_TURN_CHARS),
    }));
    const raw = await route(capture('huge-chat-1', turns), contentSender(url('huge-chat-1')));
    expect(raw).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const sent = cleanCapturedTurns(turns, []);
    const reply = await route(capture('huge-chat-1', sent), contentSender(url('huge-chat-1')));
    expect(reply).toMatchObject({ ok: true });
    const chat = await getChat('chatgpt:huge-chat-1');
    expect(chat!.turns.length).toBeLessThanOrEqual(MAX_CHAT_TURNS);
    expect(chat!.turns.at(-1)!.text).toContain('[claude-mem: this chat is longer than');
  });

  it('refuses the 31st new chat of the hour from one site, not from another, and says so', async () => {
    const limit = SITE_RATE_LIMITS.hour.chats;
    for (let i = 0; i < limit; i++) {
      const r = await route(
        capture(`chat-${i}-abc`, [{ role: 'user', text: `hello ${i}` }]),
        contentSender(url(`chat-${i}-abc`)),
      );
      expect(r).toMatchObject({ ok: true });
    }
    const over = await route(
      capture('chat-over-abc', [{ role: 'user', text: 'one more' }]),
      contentSender(url('chat-over-abc')),
    );
    expect(over).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await listChats()).filter((c) => c.site === 'chatgpt')).toHaveLength(limit);
    // A chat already stored may still grow.
    const more = await route(
      capture('chat-0-abc', [
        { role: 'user', text: 'hello 0' },
        { role: 'assistant', text: 'hi' },
      ]),
      contentSender(url('chat-0-abc')),
    );
    expect(more).toMatchObject({ ok: true });
    const kimiUrl = 'https://www.kimi.com/chat/k-1';
    const kimi = {
      type: 'chat.capture',
      payload: { conversationId: 'k-1', url: kimiUrl, title: 'T', turns: [{ role: 'user', text: 'hi' }] },
    };
    expect(await route(kimi, contentSender(kimiUrl))).toMatchObject({ ok: true });
    expect(await boundsHit(new Date(AT).toISOString())).toEqual([
      { site: 'chatgpt', kind: 'chats', window: 'hour', limit, until: '2026-12-01T11:00:00.000Z' },
    ]);
    // The next hour starts from zero.
    setClock(() => AT + 60 * 60_000);
    const later = await route(
      capture('chat-later-abc', [{ role: 'user', text: 'next hour' }]),
      contentSender(url('chat-later-abc')),
    );
    expect(later).toMatchObject({ ok: true });
    expect(await boundsHit(new Date(AT + 60 * 60_000).toISOString())).toEqual([]);
  });

  it('a site past its extraction bound waits for the next window; no call is made', async () => {
    const { queue, wakeUps } = await setUpQueue(api);
    await spend('chatgpt', { jobs: SITE_RATE_LIMITS.hour.jobs }, new Date(AT).toISOString());
    const chat = await finishedChat([{ role: 'user', text: 'I moved to Chengdu.' }]);
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(0);
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job).toMatchObject({ state: 'pending', attempts: 0, nextAttemptAt: '2026-12-01T11:00:00.000Z' });
    expect(wakeUps.at(-1)).toBe('2026-12-01T11:00:00.000Z');
    expect((await boundsHit(new Date(AT).toISOString()))[0]).toMatchObject({ site: 'chatgpt', kind: 'jobs' });
  });

  it('tokens spent by a site count against it; past the bound its jobs wait', async () => {
    const { queue } = await setUpQueue(api);
    await spend('chatgpt', { tokens: SITE_RATE_LIMITS.day.tokens }, new Date(AT).toISOString(), 'record');
    await finishedChat([{ role: 'user', text: 'I moved to Chengdu.' }]);
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(0);
    expect((await boundsHit(new Date(AT).toISOString()))[0]).toMatchObject({ kind: 'tokens', window: 'hour' });
  });

  it('one site stays below the daily cap: at half of it its jobs wait, while another site still runs', async () => {
    const { queue } = await setUpQueue(api); // the default cap, 300,000 tokens a day
    const share = siteTokenLimits(defaultSettings().dailyTokenCap).day;
    // Spent earlier today, in another hour: only the day's bound can stop it now.
    await spend('chatgpt', { tokens: share }, new Date(AT - 2 * 3_600_000).toISOString(), 'record');
    await finishedChat([{ role: 'user', text: 'I moved to Chengdu.' }]);
    await finishedChat([{ role: 'user', text: 'I keep bees.' }], { site: 'claude', conversationId: 'bees-1' });
    await queue.kick();
    const hit = (await boundsHit(new Date(AT).toISOString()))[0];
    console.info(
      `site token share: cap ${defaultSettings().dailyTokenCap.toLocaleString('en')}, one site's day bound ${share.toLocaleString('en')} (was ${SITE_RATE_LIMITS.day.tokens.toLocaleString('en')}); calls made ${api.messageRequests().length}, all for the other site's chat`,
    );
    expect(share).toBeLessThan(defaultSettings().dailyTokenCap);
    expect(hit).toMatchObject({ site: 'chatgpt', kind: 'tokens', window: 'day', limit: share });
    const sent = api.messageRequests().map((r) => r.rawBody);
    expect(sent.some((body) => body.includes('I keep bees.'))).toBe(true);
    expect(sent.some((body) => body.includes('Chengdu'))).toBe(false);
  });
});
