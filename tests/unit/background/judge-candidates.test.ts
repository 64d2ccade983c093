/**
 * The request keywords call judging candidates, through the real router, store and SDK against
 * the local fake Messages API: the ranker's best memories and past-chat exchanges go with the
 * draft (numbered, filtered, from the chat's space only, never a memory switched off for the
 * tab, another space's or a chat the user asked not to remember); the send's block is the
 * model's picks in its order, filled with the ranker's next best; a pick the chat may no
 * longer get when the block is made (its space left while the call ran) is dropped; an answer
 * naming numbers it was not shown, a late answer and a failed call leave the ranker's block;
 * the switch off sends the draft only, and an earlier answer's picks no longer count. A block
 * warmed before the answer came is chosen again at the send (the first test sends after it).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { forgetTab } from '../../../entrypoints/background/request-keywords';
import { createRouter } from '../../../entrypoints/background/router';
import { excludeChat } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { markHistoryDirty } from '../../../lib/db/history-index';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { recentRequestCalls } from '../../../lib/db/request-calls';
import { saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { JUDGE_SYSTEM } from '../../../lib/request-keywords/judge-prompt';
import { REQUEST_KEYWORDS_SYSTEM } from '../../../lib/request-keywords/request-keywords-prompt';
import { defaultSettings, type Settings } from '../../../lib/settings/schema';
import { candidatesOf, type JudgedReply, judgedAnswer } from '../../fake-api/judge';
import { apiError, FakeAnthropicApi, gate, type ReceivedRequest } from '../../fake-api/server';
import { KEY } from '../extraction/harness';
import { chat, contentSender, memory, panelCaller, routerOptions } from '../helpers';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());

const route = createRouter(handlers, routerOptions);
const panel = panelCaller(route as never);
const NEW_CHAT = 'https://chatgpt.com/';
const DRAFT = 'which winter boots should I buy for snowshoeing trips';

const trips = memory({ content: 'User goes on snowshoeing trips in the Alps every winter' });
const size = memory({ content: 'User wears size 43 boots' });
const secondHand = memory({ content: 'User prefers to buy winter gear second hand, card 4111 1111 1111 1111' });
const switchedOff = memory({ content: 'User bought winter boots for snowshoeing last year' });

let tabId = 0;
/** Each test its own draft: the worker's answers outlive a test, as they outlive a chat. */
let draft = DRAFT;
const WHEN = ['today', 'soon', 'this week', 'next month', 'before spring', 'quickly'];
let test = 0;
const page = () => contentSender(NEW_CHAT, tabId);

async function prepare(use: 'warm' | 'send', typed = draft) {
  const draft = typed;
  const payload = use === 'warm' ? { draft, use, learn: true } : { draft, use };
  const reply = await route({ type: 'inject.prepare', payload }, page());
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.data as { block: string | null; memoryIds: string[] };
}

async function setUp(settings: Partial<Settings> = {}) {
  const base = defaultSettings();
  base.sites.chatgpt.pastChats = 'this-site';
  await saveSettings({ ...base, baseUrl: api.url, ...settings });
  await saveApiKey(KEY);
  await db.memories.bulkPut([trips, size, secondHand, switchedOff]);
}

/** Past chats: one about the trip in no space, one in Work, one the user then asked not to remember. */
async function pastChats(work: string) {
  const turns = (text: string, answer: string) => [
    { role: 'user' as const, text, at: '2026-11-30T00:00:00.000Z' },
    { role: 'assistant' as const, text: answer, at: '2026-11-30T00:00:01.000Z' },
  ];
  await db.chats.bulkPut([
    chat('chatgpt:alps', {
      title: 'Alps snowshoeing trips',
      turns: turns('Planning snowshoeing trips in winter', 'Waterproof boots rated for winter are the key.'),
    }),
    chat('chatgpt:offsite', {
      title: 'Team offsite',
      space: work,
      spaceBy: 'choice',
      turns: turns('Team snowshoeing trips this winter for the offsite', 'Book boots for everyone in winter.'),
    }),
    chat('chatgpt:forget', {
      title: 'Secret plans',
      turns: turns('My secret snowshoeing trips in winter', 'Your boots should be warm in winter.'),
    }),
  ]);
  await markHistoryDirty(['chatgpt:alps', 'chatgpt:offsite', 'chatgpt:forget']);
  await keepHistoryIndexed();
  await excludeChat('chatgpt', 'forget', 'https://chatgpt.com/c/forget');
}

const bodyOf = (r: ReceivedRequest) =>
  r.body as { system: string; max_tokens: number; messages: { content: string }[] };

/** Answers the judging request by content, as a model that read the lists would (held back until `until`). */
function picks(reply: JudgedReply, until?: Promise<void>) {
  api.respondWith((req) => ({ ...judgedAnswer(req, reply), ...(until ? { heldUntil: until } : {}) }));
}

async function called(n = 1) {
  await vi.waitFor(async () => expect(await recentRequestCalls(10)).toHaveLength(n), { timeout: 10_000 });
}

beforeEach(async () => {
  api.reset();
  tabId = (await fakeBrowser.tabs.create({ url: NEW_CHAT })).id as number;
  draft = `${DRAFT} ${WHEN[test++ % WHEN.length]}`;
});
afterEach(() => forgetTab(tabId));

describe('judging candidates', { timeout: 30_000 }, () => {
  it("offers the chat's own candidates only, filtered; the block is the picks in order, then the next best", async () => {
    await setUp({ privacyPatterns: [{ label: 'shoe size', pattern: 'size [0-9]+' }] });
    const work = await panel<{ id: string }>('spaces.create', { name: 'Work', isolated: true });
    const workTrips = memory({ content: 'User leads snowshoeing trips in winter for the team' }, { space: work.id });
    await db.memories.put(workTrips);
    await pastChats(work.id);
    await panel('tab.exclude', { tabId, ids: [switchedOff.id] });
    picks({ keywords: ['boots'], memories: ['second hand', 'shoe size'], pastChats: ['Alps snowshoeing'] });

    await prepare('warm');
    await called();
    const [req] = api.messageRequests();
    const sent = bodyOf(req as ReceivedRequest);
    expect(sent.system).toBe(JUDGE_SYSTEM);
    const offered = candidatesOf(req as ReceivedRequest, 'memories');
    expect(offered).toHaveLength(3);
    expect(offered.some((m) => m.includes('snowshoeing trips in the Alps'))).toBe(true);
    // Another space's memory, one switched off for the tab: never shown to the model.
    for (const text of ['leads snowshoeing', 'last year']) expect(sent.messages[0]?.content).not.toContain(text);
    // The user's pattern and the built-in ones, on the way out.
    expect(sent.messages[0]?.content).not.toContain('4111');
    expect(sent.messages[0]?.content).toContain('[redacted: card number]');
    expect(sent.messages[0]?.content).toContain('[redacted: shoe size]');
    const chats = candidatesOf(req as ReceivedRequest, 'past_chats');
    expect(chats.map((c) => /“(.*?)”/.exec(c)?.[1])).toEqual(['Alps snowshoeing trips']);

    const block = await prepare('send');
    expect(block.memoryIds).toEqual([secondHand.id, size.id, trips.id]);
    expect(block.block).toContain('Waterproof boots rated for winter');
    expect(block.block).not.toContain('offsite');
    const [row] = await recentRequestCalls(1);
    expect(row?.judged).toEqual({
      offered: { memories: 3, chats: 1 },
      memories: [secondHand.id, size.id],
      chats: [{ chatId: 'chatgpt:alps', title: 'Alps snowshoeing trips' }],
      problem: null,
    });
  });

  it('drops a pick the chat left the space of while the call ran; the other picks stand', async () => {
    await setUp();
    const work = await panel<{ id: string }>('spaces.create', { name: 'Work', isolated: false });
    const workTrips = memory({ content: 'User leads snowshoeing trips in winter for the team' }, { space: work.id });
    await db.memories.put(workTrips);
    await panel('spaces.chooseForTab', { tabId, choice: { space: work.id } });
    const held = gate();
    picks({ memories: ['leads snowshoeing', 'size 43'] }, held.until);
    await prepare('warm');
    await vi.waitFor(() => expect(api.messageRequests()).toHaveLength(1), { timeout: 10_000 });
    expect(candidatesOf(api.messageRequests()[0] as ReceivedRequest, 'memories').join()).toContain('leads snowshoeing');
    await panel('spaces.chooseForTab', { tabId, choice: { space: null } });
    held.open();
    await called();
    const block = await prepare('send');
    expect(block.memoryIds).not.toContain(workTrips.id);
    expect(block.memoryIds[0]).toBe(size.id);
  });

  it('ignores an answer naming numbers it was not shown: the block is the ranker’s', async () => {
    await setUp();
    const ranked = await prepare('send');
    // 99 of 4 shown (a memory of another space would have a number past the list), a negative, 0.
    for (const raw of [[2, 99], [-1], [0]]) {
      api.reset();
      forgetTab(tabId);
      picks({ rawMemories: raw });
      await prepare('warm', `${draft} ${raw.join(' ')}`);
      await vi.waitFor(() => expect(api.messageRequests()).toHaveLength(1), { timeout: 10_000 });
      await vi.waitFor(async () => expect((await recentRequestCalls(1))[0]?.judged?.problem).toBe('unknown-numbers'));
      expect((await prepare('send', `${draft} ${raw.join(' ')}`)).memoryIds).toEqual(ranked.memoryIds);
    }
  });

  it('a send before the answer, and after a failed call, is the ranker’s block and does not wait', async () => {
    await setUp();
    const ranked = await prepare('send');
    const held = gate();
    picks({ memories: ['size 43'] }, held.until);
    await prepare('warm');
    await vi.waitFor(() => expect(api.messageRequests()).toHaveLength(1), { timeout: 10_000 });
    expect((await prepare('send')).memoryIds).toEqual(ranked.memoryIds);
    held.open();
    await called();
    // The answer came: a later send of the same draft uses it.
    expect((await prepare('send')).memoryIds[0]).toBe(size.id);

    forgetTab(tabId);
    api.reset();
    api.respondWith(() => apiError(500, 'api_error', 'overloaded'));
    const other = `${draft} this season`;
    const plain = await prepare('send', other);
    await prepare('warm', other);
    await called(2);
    expect((await recentRequestCalls(1))[0]?.judged?.problem).toBe('not-judged');
    expect((await prepare('send', other)).memoryIds).toEqual(plain.memoryIds);
  });

  it('picks of an answer from before the switch went off no longer make the block', async () => {
    await setUp();
    const ranked = await prepare('send');
    picks({ memories: ['size 43'] });
    await prepare('warm');
    await called();
    expect((await prepare('send')).memoryIds[0]).toBe(size.id);
    await setUp({ judgeCandidates: false });
    expect((await prepare('send')).memoryIds).toEqual(ranked.memoryIds);
  });

  it('with judging switched off, sends the draft only', async () => {
    await setUp({ judgeCandidates: false });
    picks({ keywords: ['boots'], memories: ['size 43'] });
    await prepare('warm');
    await called();
    const sent = bodyOf(api.messageRequests()[0] as ReceivedRequest);
    expect(sent.system).toBe(REQUEST_KEYWORDS_SYSTEM);
    expect(sent.messages[0]?.content).not.toContain('<memories>');
    expect((await recentRequestCalls(1))[0]).not.toHaveProperty('judged');
  });
});
