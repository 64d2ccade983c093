/**
 * Key-leak sweep, in real Chromium with the production build and the fake Messages
 * API. A real-looking key is saved, then the product is exercised: an injection on a fixture
 * page, extractions answered 200, 401 and 500 (the 401 and 500 bodies echo the key, as a
 * hostile or careless server might), a failing connection test from the API and from the side
 * panel's button, export, settings.get, backups. Every output the test can capture is then
 * searched for the key (whole, and any 12-character piece of its secret part):
 * the service worker's and the pages' console, page errors, every reply the chat page's content
 * script received, every reply the side panel got, the export, the backups, the side panel's DOM
 * on each view, and every request the fake API received except its auth header.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/adapters';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import { apiError, apiKeyOf, FakeAnthropicApi, toolUseMessage } from '../fake-api/server';
import { kimiChat, typedHere, writeTypedChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { contentWorld } from './harness/content-world';
import { type RawReply, rawSend } from './harness/extension-rpc';
import { sampleMemoryFile } from './harness/memory-files';
import { openView } from './harness/panel';
import { buildFixtures, homeUrl, sentMessages, serveFixtures } from './harness/sites';

const SECRET = 'Xq7LeakSweep0Zr9Tk2Vb5Nw8Hy3Pc6Jd1Mf4Gs7Ua0Ei2Ol5Rx8Qz3Wn6Ky9Bt1Cv4Dm7Fh0Gj3';
const KEY = `sk-ant-api03-${SECRET}-AbCdEfAA`;
/** Every 12-character piece of the secret part: a partial or truncated leak counts too. */
const PIECES = Array.from({ length: SECRET.length - 11 }, (_, i) => SECRET.slice(i, i + 12));
const AT = '2026-11-01T08:00:00.000Z';

const outputs: { where: string; text: string }[] = [];
const keep = (where: string, value: unknown) =>
  outputs.push({ where, text: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)) });
const leaky = (text: string) => text.includes(KEY) || PIECES.some((p) => text.includes(p));
const figures = {
  outputs: 0,
  workerLogs: 0,
  pageLogs: 0,
  pageReplies: 0,
  apiRequests: 0,
  authHeaders: 0,
  scrubbed: 0,
  leaks: 0,
};

function chat(i: number) {
  return kimiChat(
    `leak-${i}`,
    `Leak ${i}`,
    [
      { role: 'user', text: `Marker chat-${i}. I grow tomatoes on the balcony, variety number ${i}.` },
      { role: 'assistant', text: 'Nice.' },
    ],
    AT,
  );
}

const api = new FakeAnthropicApi();
let ext: ExtensionBrowser;
let panel: Page;

/** Side-panel calls, their replies kept as outputs. */
async function call(type: string, payload: unknown = {}): Promise<RawReply> {
  const reply = await rawSend(panel, type, payload);
  keep(`reply to ${type}`, reply);
  return reply;
}

beforeAll(async () => {
  await api.start();
  await buildFixtures(['chatgpt']);
  ext = await launchChromium();
  await serveFixtures(ext.context);
  // The fixtures' route refuses everything else; the fake API is let through (the later route wins).
  await ext.context.route(`${api.url}/**`, (route) => route.continue());
  // Console of every page (chat pages and side panel) and of every service worker, restarts included.
  ext.context.on('console', (msg) => {
    if (msg.worker()) return;
    figures.pageLogs++;
    keep(`console of ${msg.page()?.url() ?? 'a page'}`, `${msg.type()} ${msg.text()}`);
  });
  ext.context.on('weberror', (e) => keep('page error', String(e.error())));
  const watch = (w: { on(e: 'console', f: (m: { type(): string; text(): string }) => void): unknown }) =>
    w.on('console', (m) => {
      figures.workerLogs++;
      keep('service worker console', `${m.type()} ${m.text()}`);
    });
  for (const w of ext.context.serviceWorkers()) watch(w);
  ext.context.on('serviceworker', watch);
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  figures.outputs = outputs.length;
  console.info(
    `key leak sweep: ${figures.outputs} outputs searched (${figures.workerLogs} service worker log lines, ${figures.pageLogs} page log lines, ` +
      `${figures.pageReplies} replies to the chat page, ${figures.apiRequests} API requests with the key in the auth header of ${figures.authHeaders}); ` +
      `${figures.scrubbed} outputs showed an echoed key cut out; leaks found ${figures.leaks}`,
  );
  await ext?.close();
  await api.stop();
});

describe('the API key leaks nowhere (Chromium)', () => {
  it('appears only in the auth header of requests to the API', { timeout: 240_000 }, async () => {
    // The worker's console is really heard (so "no leak in the log" means something).
    const worker = await ext.worker();
    await worker.evaluate(() => console.info('claude-mem leak sweep: console probe'));
    await expect.poll(() => outputs.some((o) => o.text.includes('console probe'))).toBe(true);

    api.respondWith((req) => {
      const i = Number(/Marker chat-(\d+)/.exec(req.rawBody)?.[1] ?? -1);
      if (i === 1) return apiError(401, 'authentication_error', `invalid x-api-key: ${apiKeyOf(req)}`);
      if (i === 2) return apiError(500, 'api_error', `internal error while serving key ${apiKeyOf(req)}`);
      if (i === 0) {
        const memories = [{ op: 'add', content: `Grows tomato variety ${i}`, type: 'fact', importance: 3 }];
        return { body: toolUseMessage('save_memories', { summary: `chat ${i}`, memories }) };
      }
      // The connection test (no chat marker): the key is refused, echoed back.
      return apiError(401, 'authentication_error', `invalid x-api-key ${apiKeyOf(req)}`);
    });

    expect(
      (await call('settings.set', { settings: { version: SETTINGS_VERSION, baseUrl: api.url }, apiKey: KEY })).ok,
    ).toBe(true);
    expect(((await call('settings.get')).data as { hasApiKey: boolean }).hasApiKey).toBe(true);
    expect((await call('transfer.import', { text: JSON.stringify(sampleMemoryFile()) })).ok).toBe(true);
    await panel.evaluate(writeTypedChatsInPage, await typedHere([0, 1, 2].map(chat)));

    // An injection on a chat page, every reply its content script gets recorded.
    const page = await ext.context.newPage();
    await page.goto(homeUrl('chatgpt'));
    await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
    const world = await contentWorld(page, ext.extensionId);
    await world.record();
    const adapter = ADAPTERS.find((a) => a.id === 'chatgpt')!;
    await page.click(adapter.selectors.composer.join(', '));
    await page.keyboard.type('What should I check first for the flat in 成都?');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sentMessages(page)).length, { timeout: 15_000 }).toBe(1);
    expect((await sentMessages(page))[0]!.text).toContain('[claude-mem ·');
    keep('text the page sent', (await sentMessages(page))[0]!.text);
    // The page's own asks: its config and its chat's status.
    keep('content world reply', await world.send('site.config'));
    keep('content world reply', await world.send('settings.get'));

    // Extractions: 200, then 500, then 401 (which pauses the queue).
    const jobsDone = async (want: (jobs: { chatId: string; state: string; lastError: string | null }[]) => boolean) =>
      expect
        .poll(
          async () => {
            const reply = await rawSend(panel, 'queue.list');
            return reply.ok && want((reply.data as { jobs: never[] }).jobs);
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(true);
    await call('queue.extractNow', { chatId: 'kimi:leak-0' });
    await jobsDone((jobs) => jobs.some((j) => j.chatId === 'kimi:leak-0' && j.state === 'done'));
    await call('queue.extractNow', { chatId: 'kimi:leak-2' });
    await jobsDone((jobs) => jobs.some((j) => j.chatId === 'kimi:leak-2' && j.lastError !== null));
    await call('queue.extractNow', { chatId: 'kimi:leak-1' });
    await jobsDone((jobs) => jobs.some((j) => j.chatId === 'kimi:leak-1' && j.lastError !== null));
    expect(api.messageRequests().some((r) => r.rawBody.includes('Marker chat-1'))).toBe(true);
    expect(api.messageRequests().some((r) => r.rawBody.includes('Marker chat-2'))).toBe(true);

    // A failing connection test, asked by message (saved key, and the key as typed).
    const tested = await call('connection.test', {});
    expect((tested.data as { ok: boolean }).ok).toBe(false);
    await call('connection.test', { apiKey: KEY, baseUrl: api.url });

    // Everything else a user can get out: settings, export, backups, the queue and usage.
    for (const type of [
      'settings.get',
      'transfer.export',
      'backups.list',
      'queue.list',
      'usage.summary',
      'store.status',
    ]) {
      await call(type);
    }
    const exported = await rawSend(panel, 'transfer.export');
    keep('export text', (exported.data as { text: string }).text);
    keep('backups', await readAll(panel, 'claude-mem-backups', 'backups'));

    // The side panel, every view; on Settings the Test connection button is pressed and its error shown.
    const side = await ext.openSidePanel();
    for (const view of ['memories', 'tab', 'queue', 'activity', 'insights', 'settings']) {
      await openView(side, view);
      await expect.poll(() => side.getByText('Loading…').count()).toBe(0);
      if (view === 'settings') {
        const before = api.requests.length;
        await side.getByRole('button', { name: 'Test connection' }).click();
        await expect.poll(() => api.requests.length, { timeout: 20_000 }).toBeGreaterThan(before);
        // The API's answer, as the panel shows it.
        await side.locator('.status.error').waitFor();
      }
      // The text as the user sees it rendered (the DOM itself is searched just below).
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what a user could read or copy
      keep(`side panel ${view} (text)`, await side.evaluate(() => document.body.innerText));
      keep(
        `side panel ${view} (DOM and field values)`,
        await side.evaluate(
          () =>
            document.documentElement.outerHTML +
            [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value).join('\n'),
        ),
      );
    }
    keep('side panel title', await side.evaluate(() => document.title));

    // Every reply the chat page's content script got while all this ran.
    const recorded = await world.recorded();
    figures.pageReplies = recorded.length;
    expect(recorded.length).toBeGreaterThan(0);
    for (const r of recorded) keep('reply to the chat page', r);

    // The fake API: the key must be in the auth header of every request, and nowhere else.
    for (const req of api.requests) {
      if (req.method !== 'POST') continue;
      figures.apiRequests++;
      if (apiKeyOf(req) === KEY) figures.authHeaders++;
      const { authorization: _a, 'x-api-key': _x, ...otherHeaders } = req.headers;
      keep(`API request ${req.path} (body)`, req.rawBody);
      keep(`API request ${req.path} (other headers)`, otherHeaders);
    }
    expect(figures.authHeaders).toBe(figures.apiRequests);
    expect(figures.apiRequests).toBeGreaterThanOrEqual(5);

    await world.detach();
    await page.close();
    await side.close();

    // The servers echoed the key in 401/500 bodies: those errors were shown, with the key cut out.
    figures.scrubbed = outputs.filter((o) => /\[(redacted )?key\]/.test(o.text)).length;
    expect(figures.scrubbed).toBeGreaterThanOrEqual(3);
    figures.outputs = outputs.length;
    const found = outputs.filter((o) => leaky(o.text));
    figures.leaks = found.length;
    expect(found.map((o) => `${o.where}: ${o.text.slice(0, 300)}`)).toEqual([]);
  });
});

/** Reads a whole object store of one of the extension's databases. */
function readAll(page: Page, db: string, store: string): Promise<unknown[]> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(storeName).objectStore(storeName).getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    [db, store] as const,
  );
}
