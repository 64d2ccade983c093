/**
 * Request keywords end to end in real Chromium, the production build, the fake Messages API and
 * the sites' fixture pages on their real URLs: the draft of a new chat is sent for search
 * keywords while the user types, and the block of the send uses them (a memory that shares no
 * word with the draft goes in); a send before the answer goes at once, ranked without them; a
 * chat the user asked not to remember, and a site past its share of the daily cap, make no call
 * (each checked against a later allowed call: the worker's pause timers fire in order); a card
 * number in the draft never leaves; Activity lists each call with its tokens and keywords. The
 * same call judges the ranker's best memories: the fake model answers with picks by what the
 * candidates say, and the sent block holds the picked memories first, in the model's order
 * (not the ranker's), then the ranker's next best; Activity shows what it picked. Of two past
 * chats that both match without a model, only the one the model picked is excerpted.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { REQUEST_KEYWORDS_TOOL_NAME } from '../../lib/request-keywords/request-keywords-prompt';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import type { SiteId } from '../../lib/sites/ids';
import { candidatesOf, judgedAnswer } from '../fake-api/judge';
import { FakeAnthropicApi, gate, type ReceivedRequest, toolUseMessage } from '../fake-api/server';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { ask, readStore } from './harness/extension-calls';
import { pageControls } from './harness/page-controls';
import { openView } from './harness/panel';
import { buildFixtures, fixtureResponse, homeUrl, sentMessages } from './harness/sites';

const KEY = 'sk-ant-api03-E2E-request-keywords-0123456789abcdefghijklmn';
const KIDS = 'User has two daughters, aged 4 and 7';
const BIKE = 'User repaired a bicycle chain last spring';
/** Shares the most words with the judged draft: the ranker puts it first, the model leaves it out. */
const COMMUTE = 'User rides a bicycle to work every spring morning with a spring jacket';

function memoryFile() {
  const at = '2026-10-01T09:30:00.000Z';
  const base = { type: 'fact', importance: 3, status: 'active', scope: 'global', pinned: false, note: '' };
  const rest = { createdAt: at, updatedAt: at, lastHitAt: null, hitCount: 0, supersededBy: null, source: null };
  return {
    format: 'claude-mem.memories',
    version: 1,
    exportedAt: at,
    memories: [
      { ...base, ...rest, id: 'rk-kids', content: KIDS, tags: ['daughters'], keywords: ['family', 'kids'] },
      { ...base, ...rest, id: 'rk-bike', content: BIKE, tags: ['bicycle'] },
      { ...base, ...rest, id: 'rk-commute', content: COMMUTE, tags: ['bicycle'] },
    ],
  };
}

let ext: ExtensionBrowser;
let panel: Page;
const api = new FakeAnthropicApi();

function keywordRequests(): ReceivedRequest[] {
  return api
    .messageRequests()
    .filter((r) => (r.body as { tool_choice?: { name?: string } }).tool_choice?.name === REQUEST_KEYWORDS_TOOL_NAME);
}

const userText = (r: ReceivedRequest) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '';

function answer(keywords: string[], tokens = { input_tokens: 700, output_tokens: 40 }) {
  return { body: toolUseMessage(REQUEST_KEYWORDS_TOOL_NAME, { items: [{ index: 1, keywords }] }, tokens) };
}

async function settings(extra: Record<string, unknown> = {}) {
  await ask(panel, 'settings.set', {
    settings: { version: SETTINGS_VERSION, baseUrl: api.url, ...extra },
    apiKey: KEY,
  });
}

/** A new chat page of `site` with `draft` typed in its composer (not sent). */
async function typeInNewChat(site: SiteId, draft: string, before?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(homeUrl(site));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  if (before) await before(page);
  await page.click(ADAPTERS.find((a) => a.id === site)!.selectors.composer.join(', '));
  await page.keyboard.type(draft);
  return page;
}

async function send(page: Page, draft: string): Promise<string> {
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(1);
  const [sent] = await sentMessages(page);
  expect(sent?.text.endsWith(draft)).toBe(true);
  return sent?.text ?? '';
}

beforeAll(async () => {
  await api.start();
  await buildFixtures(['chatgpt', 'claude']);
  ext = await launchChromium();
  // The sites' fixture pages on their real URLs; the worker's calls to the local fake API go through.
  await ext.context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === api.url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return route.continue();
    const response = fixtureResponse(url, route.request().resourceType() === 'document');
    return response ? route.fulfill(response) : route.abort();
  });
  panel = await ext.openSidePanel();
  await settings();
  await ask(panel, 'transfer.import', { text: JSON.stringify(memoryFile()) });
});

beforeEach(() => {
  api.reset();
  api.respondWith(() => answer(['family', 'kids', 'ski trip']));
});

afterAll(async () => {
  await ext?.close();
  await api.stop();
});

describe('request keywords (Chromium)', () => {
  it('arrive while the user types, and the block of the send uses them; Activity shows the call', async () => {
    const draft = 'snow conditions at ski resorts in February';
    const page = await typeInNewChat('chatgpt', draft);
    await expect.poll(() => keywordRequests().length, { timeout: 15_000 }).toBe(1);
    // The call goes out at the first pause of a few words: on a busy machine that pause can come
    // before the last words are typed, so the request holds the draft's beginning.
    const asked = /<requests>\n1\. (.*)\n<\/requests>/.exec(userText(keywordRequests()[0] as ReceivedRequest))?.[1];
    expect(asked && draft.startsWith(asked) && asked.split(' ').length >= 3).toBe(true);
    await expect.poll(async () => (await readStore(panel, 'requestCalls')).length, { timeout: 10_000 }).toBe(1);
    const sent = await send(page, draft);
    expect(sent).toContain(KIDS);
    expect(sent).not.toContain('ski trip');
    await page.close();

    await openView(panel, 'activity');
    const calls = panel.getByRole('list', { name: 'Request keywords calls' });
    await calls.getByRole('listitem').first().waitFor({ timeout: 10_000 });
    const entry = (await calls.getByRole('listitem').first().textContent()) ?? '';
    expect(entry).toContain('family · kids · ski trip');
    expect(entry).toContain('700 tokens in, 40 out');
  });

  it('judge the best memories: the sent block is the picks in the model’s order, then the next best', async () => {
    api.respondWith((req) =>
      judgedAnswer(req, { keywords: ['bicycle'], memories: ['bicycle chain', 'two daughters'] }),
    );
    const draft = 'daughters bicycle spring morning ride ideas for the weekend';
    const page = await typeInNewChat('chatgpt', draft);
    await expect.poll(() => keywordRequests().length, { timeout: 15_000 }).toBeGreaterThan(0);
    const offered = candidatesOf(keywordRequests()[0] as ReceivedRequest, 'memories');
    expect(offered.some((m) => m.includes('bicycle chain'))).toBe(true);
    type Row = { judged?: { memories: string[] | null } };
    await expect
      .poll(async () => (await readStore<Row>(panel, 'requestCalls')).some((c) => c.judged?.memories?.length === 2), {
        timeout: 10_000,
      })
      .toBe(true);
    const sent = await send(page, draft);
    const bike = sent.indexOf(BIKE);
    const kids = sent.indexOf(KIDS);
    const commute = sent.indexOf(COMMUTE);
    expect(bike).toBeGreaterThan(-1);
    expect(kids).toBeGreaterThan(bike);
    expect(commute).toBeGreaterThan(kids);
    await page.close();

    await openView(panel, 'activity');
    const calls = panel.getByRole('list', { name: 'Request keywords calls' });
    await expect
      .poll(async () => (await calls.getByRole('listitem').first().textContent()) ?? '')
      .toContain('Picked 2 of');
    const entry = (await calls.getByRole('listitem').first().textContent()) ?? '';
    expect(entry).toContain(BIKE);
    expect(entry).toContain(KIDS);
    expect(entry).not.toContain(COMMUTE);
  });

  it('a send before the answer goes at once, ranked without them', async () => {
    const held = gate();
    api.enqueue({ ...answer(['family', 'kids']), heldUntil: held.until });
    const draft = 'powder snow reports for ski resorts in March';
    const page = await typeInNewChat('chatgpt', draft);
    await expect.poll(() => keywordRequests().length, { timeout: 15_000 }).toBe(1);
    // The answer is held back: the message still goes, without the memory only keywords find.
    const sent = await send(page, draft);
    expect(sent).not.toContain(KIDS);
    held.open();
    await page.close();
  });

  it('no call for a chat the user asked not to remember, nor with a card number in the clear', async () => {
    const kept = 'private weekend ideas near the lake house';
    const excluded = await typeInNewChat('chatgpt', kept, async (page) => {
      const controls = await pageControls(page, ext.extensionId);
      await expect.poll(async () => (await controls.state()).remember !== null, { timeout: 10_000 }).toBe(true);
      await controls.click('remember');
      await expect.poll(async () => (await controls.state()).remembering).toBe(false);
      await controls.detach();
    });
    const carded = 'my card 4111 1111 1111 1111 was charged twice by the shop';
    const page = await typeInNewChat('chatgpt', carded);
    await expect.poll(() => keywordRequests().length, { timeout: 15_000 }).toBe(1);
    const text = userText(keywordRequests()[0] as ReceivedRequest);
    expect(text).toContain('[redacted: card number]');
    expect(text).not.toContain('4111');
    expect(api.messageRequests().some((r) => userText(r).includes('lake house'))).toBe(false);
    await excluded.close();
    await page.close();
  });

  it('no call once a site has spent its share of the daily cap; another site still asks', async () => {
    // A site's share is half the cap: one call reported at 9,500 tokens spends chatgpt's 10,000.
    await settings({ dailyTokenCap: 20_000 });
    api.respondWith(() => answer(['outdoors'], { input_tokens: 9_500, output_tokens: 0 }));
    const first = await typeInNewChat('chatgpt', 'camping spots with a lake view');
    await expect.poll(() => keywordRequests().length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () =>
        (await readStore<{ draft: string }>(panel, 'requestCalls')).some((c) => c.draft.includes('camping')),
      )
      .toBe(true);
    const second = await typeInNewChat('chatgpt', 'sourdough starter keeps failing overnight');
    const other = await typeInNewChat('claude', 'tax forms for freelancers living abroad');
    await expect.poll(() => keywordRequests().length, { timeout: 15_000 }).toBe(2);
    expect(keywordRequests().some((r) => userText(r).includes('sourdough'))).toBe(false);
    expect(userText(keywordRequests()[1] as ReceivedRequest)).toContain('freelancers');
    for (const p of [first, second, other]) await p.close();
    await settings();
  });

  it('an excerpt of a past chat goes in only if picked', async () => {
    const at = '2026-02-10T09:00:00.000Z';
    const chat = (id: string, title: string, question: string, reply: string) => ({
      site: 'chatgpt',
      conversationId: id,
      title,
      url: `https://chatgpt.com/c/${id}`,
      createdAt: at,
      updatedAt: at,
      turns: [
        { role: 'user', text: question, at },
        { role: 'assistant', text: reply, at },
      ],
    });
    await ask(panel, 'history.import', {
      importId: 'rk-judge-chats',
      read: { done: 1, total: 1 },
      conversations: [
        chat(
          'hives-1',
          'Balcony beehives',
          'How do I get my balcony beehives ready for winter?',
          'Wrap the hives and narrow the entrance before winter.',
        ),
        chat(
          'plants-1',
          'Balcony herbs',
          'How do I get my balcony herbs ready for winter?',
          'Bring the pots indoors before the first winter frost.',
        ),
      ],
    });
    const { settings: current } = await ask<{ settings: { sites: Record<string, { pastChats: string }> } }>(
      panel,
      'settings.get',
    );
    current.sites.chatgpt!.pastChats = 'this-site';
    await ask(panel, 'settings.set', { settings: current });
    const draft = 'balcony ready for winter: what should I do first';
    // The history index is kept by the background after the import: both chats match without a model.
    await expect
      .poll(
        async () =>
          ((await ask<{ pastChats?: unknown[] }>(panel, 'inject.preview', { site: 'chatgpt', draft })).pastChats ?? [])
            .length,
        { timeout: 15_000 },
      )
      .toBe(2);
    api.respondWith((req) => judgedAnswer(req, { keywords: ['winter'], memories: [], pastChats: ['Balcony herbs'] }));
    const page = await typeInNewChat('chatgpt', draft);
    await expect
      .poll(() => keywordRequests().some((r) => candidatesOf(r, 'past_chats').length === 2), { timeout: 15_000 })
      .toBe(true);
    type Row = { judged?: { chats: { title: string }[] | null } };
    await expect
      .poll(async () => (await readStore<Row>(panel, 'requestCalls')).some((c) => c.judged?.chats?.length === 1), {
        timeout: 10_000,
      })
      .toBe(true);
    const sent = await send(page, draft);
    expect(sent).toContain('“Balcony herbs”) User: How do I get my balcony herbs ready for winter?');
    expect(sent).not.toContain('Balcony beehives');
    await page.close();
    current.sites.chatgpt!.pastChats = 'off';
    await ask(panel, 'settings.set', { settings: current });
  });
});
