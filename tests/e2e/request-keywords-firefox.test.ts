/**
 * The judging request keywords call, the core path in real Firefox ESR (MV2 background page),
 * the production build, the ChatGPT fixture page on its real URL and the local fake Messages
 * API: while a new chat's first message is typed, the call carries the best-matching memories
 * (numbered, filtered: a card number never leaves); the fake model picks two by what they say,
 * in an order the ranker would not choose; the sent block holds the picks first, in the model's
 * order, then the ranker's next best.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { REQUEST_KEYWORDS_TOOL_NAME } from '../../lib/request-keywords/request-keywords-prompt';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { candidatesOf, judgedAnswer } from '../fake-api/judge';
import { FakeAnthropicApi, type ReceivedRequest } from '../fake-api/server';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { openFixtureChat, panelAsk } from './harness/firefox-pages';
import { buildFixtures, homeUrl } from './harness/sites';

const KEY = 'sk-ant-api03-FIREFOX-judge-0123456789abcdefghijklmnopqrstu';
const HIVES = 'User keeps two beehives on a balcony in Vienna';
const SUIT = 'User bought a beekeeping suit for the balcony last summer, paid with card 4111 1111 1111 1111';
/** Shares the most words with the draft: the ranker would put it first, the model leaves it out. */
const WINTER = 'User wraps the balcony plants for winter every winter before the first frost';

let ff: FirefoxExtension;
let panel: Page;
let ask: ReturnType<typeof panelAsk>;
const api = new FakeAnthropicApi();

function memoryFile() {
  const at = '2026-10-01T09:30:00.000Z';
  const base = { type: 'fact', importance: 3, status: 'active', scope: 'global', pinned: false, note: '', tags: [] };
  const rest = { createdAt: at, updatedAt: at, lastHitAt: null, hitCount: 0, supersededBy: null, source: null };
  const memories = [HIVES, SUIT, WINTER].map((content, i) => ({ ...base, ...rest, id: `ff-judge-${i}`, content }));
  return { format: 'claude-mem.memories', version: 1, exportedAt: at, memories };
}

const keywordRequests = () =>
  api
    .messageRequests()
    .filter((r) => (r.body as { tool_choice?: { name?: string } }).tool_choice?.name === REQUEST_KEYWORDS_TOOL_NAME);

beforeAll(async () => {
  await api.start();
  await buildFixtures(['chatgpt']);
  ff = await launchFirefox();
  panel = await ff.openExtensionPage('sidepanel.html');
  ask = panelAsk(panel);
  await ask('settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY });
  await ask('transfer.import', { text: JSON.stringify(memoryFile()) });
});

afterAll(async () => {
  await ff?.close();
  await api.stop();
});

describe('judging the candidates (Firefox)', () => {
  it('the sent block is the model’s picks in its order, then the next best; the card never leaves', async () => {
    api.respondWith((req) =>
      judgedAnswer(req, { keywords: ['beekeeping'], memories: ['beekeeping suit', 'beehives'] }),
    );
    const page = await openFixtureChat(ff, homeUrl('chatgpt'));
    const draft = 'beehives balcony winter: how do I get them ready before the frost';
    await page.click(ADAPTERS.find((a) => a.id === 'chatgpt')!.selectors.composer.join(', '));
    await page.keyboard.type(draft);
    await poll(
      async () => keywordRequests().length,
      (n) => n > 0,
      15_000,
    );
    const [request] = keywordRequests() as ReceivedRequest[];
    const offered = candidatesOf(request as ReceivedRequest, 'memories');
    expect(offered.some((m) => m.includes('beekeeping suit'))).toBe(true);
    expect(request?.rawBody).not.toContain('4111');
    expect(request?.rawBody).toContain('[redacted: card number]');
    // The answer is in when the worker has listed the call.
    await poll(
      () =>
        panel.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('claude-mem');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const req = open.result.transaction('requestCalls').objectStore('requestCalls').getAll();
                req.onsuccess = () => {
                  open.result.close();
                  resolve(
                    (req.result as { judged?: { memories: string[] | null } }[]).filter(
                      (c) => c.judged?.memories?.length === 2,
                    ).length,
                  );
                };
              };
            }),
        ),
      (n) => n > 0,
      15_000,
    );
    await page.keyboard.press('Enter');
    const [sent] = await poll(
      () => page.evaluate(() => window.__sent.map((s) => s.text)),
      (texts) => texts.length === 1,
      15_000,
    );
    const suit = sent!.indexOf('beekeeping suit');
    const hives = sent!.indexOf(HIVES);
    const winter = sent!.indexOf(WINTER);
    expect(suit).toBeGreaterThan(-1);
    expect(hives).toBeGreaterThan(suit);
    expect(winter).toBeGreaterThan(hives);
    expect(sent).not.toContain('4111');
    await page.close();
  });
});
