/**
 * Past chats and a request that names a time, over the real history index: a chat from the
 * window is preferred among those matching the request's words (the time's own words never
 * have to match), a request about the user's own doings that names only a time gets the
 * openings of the window's newest chats (every exclusion still holds), a time about the world
 * brings in nothing, and an excerpt in the block keeps the user's day of its chat.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { excludeChat, recordCapture } from '../../../lib/db/chats';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { type ConversationStart, pastChatsFor } from '../../../lib/db/past-chats';
import { EVERYWHERE_ONLY } from '../../../lib/memory/spaces';
import { localDay } from '../../../lib/memory/when';
import { renderBlock } from '../../../lib/ranking/render';
import { defaultSettings } from '../../../lib/settings/schema';
import { setClock } from '../../../lib/time';

afterEach(() => setClock(null));

/** Tuesday: last week is 2026-11-30 … 2026-12-06. */
const NOW = Date.parse('2026-12-08T10:00:00.000Z');

async function capture(id: string, title: string, at: string, turns: [string, string]) {
  setClock(() => Date.parse(at));
  await recordCapture({
    site: 'chatgpt',
    conversationId: id,
    url: `https://chatgpt.test/c/${id}`,
    title,
    turns: [
      { role: 'user', text: turns[0] },
      { role: 'assistant', text: turns[1] },
    ],
  });
}

async function seed() {
  await capture('db-old', 'Billing database', '2026-11-10T09:00:00.000Z', [
    'Which database should the billing service use, Postgres or MySQL? The billing service needs strict transactions.',
    'Postgres: the billing service gets serializable transactions and good JSON support.',
  ]);
  await capture('db-week', 'Billing cache', '2026-12-02T09:00:00.000Z', [
    'Should the billing service drop Redis and keep its cache inside the application?',
    'For the billing service, an in-process cache is enough at your size; drop Redis.',
  ]);
  await capture('garden', 'Balcony tomatoes', '2026-12-04T09:00:00.000Z', [
    'Which tomato varieties grow well on a small balcony?',
    'Cherry tomatoes such as Sungold do well in pots on a balcony.',
  ]);
  await capture('zh', '计费服务', '2026-12-01T09:00:00.000Z', [
    '我们的计费服务要不要换成按月结算？',
    '按月结算可以减少对账工作量。',
  ]);
  await keepHistoryIndexed();
  setClock(() => NOW);
}

function settings() {
  const s = defaultSettings();
  s.sites.chatgpt.pastChats = 'this-site';
  return s;
}

const start = (draft: string): ConversationStart => ({
  site: 'chatgpt',
  conversationId: null,
  url: 'https://chatgpt.test/',
  draft,
  now: NOW,
  spaces: EVERYWHERE_ONLY,
});

const excerpts = (draft: string) => pastChatsFor(settings(), start(draft));
const ids = async (draft: string) => (await excerpts(draft)).map((e) => e.chatId);

describe('past chats for a request with a time', () => {
  it('prefers the chat from the window among those matching the words', async () => {
    await seed();
    const found = await ids('what did we decide about the billing service last week?');
    expect(found[0]).toBe('chatgpt:db-week');
    // Another month: the older chat on the same subject comes first.
    expect((await ids('what did we decide about the billing service in November?'))[0]).toBe('chatgpt:db-old');
  });

  it('gives a time-only request about the user the openings of the window’s newest chats', async () => {
    await seed();
    const week = await excerpts('What did we talk about last week?');
    expect(week.map((e) => e.chatId)).toEqual(['chatgpt:garden', 'chatgpt:db-week']);
    expect(week.every((e) => e.why === 'window')).toBe(true);
    expect(week[0]?.text).toMatch(/^User: Which tomato varieties/);
    // In Chinese "我们" may match a chat's words: whatever comes, it is from the window.
    const zh = await ids('我们上周聊了什么？');
    expect(zh.length).toBeGreaterThan(0);
    for (const id of zh) expect(['chatgpt:garden', 'chatgpt:db-week', 'chatgpt:zh']).toContain(id);
    expect(await ids('what did I ask yesterday?')).toEqual([]);
  });

  it('gives a recall naming a topic as well nothing when its words match no chat, not the window’s openings', async () => {
    await seed();
    expect(await ids('What did we decide about the kayak trip last week?')).toEqual([]);
    // "我们" may match a chat's words (as above); the window's openings never come for it.
    expect((await excerpts('我们上周聊的皮划艇旅行怎么样了？')).filter((e) => e.why === 'window')).toEqual([]);
  });

  it('never offers a chat the user asked not to remember, and nothing for a time about the world', async () => {
    await seed();
    await excludeChat('chatgpt', 'garden', 'https://chatgpt.test/c/garden');
    expect(await ids('What did we talk about last week?')).toEqual(['chatgpt:db-week', 'chatgpt:zh']);
    expect(await ids('fresh powder at ski resorts last week')).toEqual([]);
  });

  it('keeps the excerpt’s day, the user’s, in the block', async () => {
    await seed();
    const [first] = await excerpts('What did we talk about last week?');
    if (!first) throw new Error('expected an excerpt');
    const block = renderBlock([], undefined, [first]);
    expect(block).toContain(`(past chat · chatgpt · ${localDay(Date.parse(first.date))} · “Balcony tomatoes”)`);
  });
});
