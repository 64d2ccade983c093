/**
 * The bring-in "refine" call, through the real router, the real SDK and the panel's own model,
 * against a loopback fake that accepts only one auth style: the key travels only as the
 * provider documents (not at all to a local server), the tokens count against the daily cap,
 * and a malformed answer leaves the preview as it was with nothing stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { items, type PreviewItem, refine } from '../../../entrypoints/sidepanel/models/bring-in';
import { notice } from '../../../entrypoints/sidepanel/models/notice';
import { REFINE_TOOL_NAME } from '../../../lib/bring-in/refine-prompt';
import { db } from '../../../lib/db/db';
import { saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { recordCallUsage, usageOfDay } from '../../../lib/db/usage';
import { defaultSettings, type Settings } from '../../../lib/settings/schema';
import { now, utcDay } from '../../../lib/time';
import { FakeAnthropicApi, type FakeAuth, type ReceivedRequest, toolUseMessage } from '../../fake-api/server';
import { KEY } from '../extraction/harness';
import { extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
type Reply = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };

const NOTES = [
  { content: 'Is allergic to peanuts.', type: 'fact' as const, importance: 3 },
  { content: 'Prefers answers in Chinese.', type: 'fact' as const, importance: 3 },
];
const GOOD = {
  items: [
    { index: 1, type: 'fact', importance: 5 },
    { index: 2, type: 'preference', importance: 4 },
  ],
};
const USAGE = { input_tokens: 1_000_000, output_tokens: 100_000 };

const fakes: FakeAnthropicApi[] = [];
async function fake(auth: FakeAuth): Promise<FakeAnthropicApi> {
  const api = new FakeAnthropicApi({ auth, key: auth === 'none' ? undefined : KEY });
  await api.start();
  api.respondWith(() => ({ body: toolUseMessage(REFINE_TOOL_NAME, GOOD, USAGE) }));
  fakes.push(api);
  return api;
}
afterEach(async () => {
  for (const f of fakes.splice(0)) await f.stop();
  items.value = [];
});

async function configure(api: FakeAnthropicApi, settings: Partial<Settings>, key: string | null = KEY) {
  await saveSettings({ ...defaultSettings(), baseUrl: api.url, ...settings });
  await saveApiKey(key);
}

function refineMessage(): Promise<Reply> {
  return route({ type: 'bringIn.refine', payload: { items: NOTES } }, extensionSender) as Promise<Reply>;
}

function only(api: FakeAnthropicApi): ReceivedRequest {
  const sent = api.messageRequests();
  expect(sent).toHaveLength(1);
  expect(api.refused).toEqual([]);
  return sent[0] as ReceivedRequest;
}

describe('bring-in refine per auth style', () => {
  it('x-api-key preset: the key only in x-api-key, no Authorization; priced in its list', async () => {
    const api = await fake('x-api-key');
    await configure(api, { provider: 'deepseek', model: 'deepseek-flash' });
    const reply = await refineMessage();
    expect(reply).toMatchObject({ ok: true, data: { items: GOOD.items, inputTokens: 1_000_000 } });
    const req = only(api);
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers.authorization).toBeUndefined();
    expect((req.body as { tool_choice: unknown }).tool_choice).toEqual({ type: 'tool', name: REFINE_TOOL_NAME });
    const usage = await usageOfDay(utcDay());
    expect(usage).toMatchObject({ inputTokens: 1_000_000, outputTokens: 100_000, calls: 1 });
    expect(usage.costUsd).toBeCloseTo(0.3 + 0.12, 10);
  });

  it('Bearer preset: the key only as Authorization: Bearer; no known price → tokens counted unpriced', async () => {
    const api = await fake('bearer');
    await configure(api, { provider: 'zai', model: 'glm-4.7' });
    expect((await refineMessage()).ok).toBe(true);
    const req = only(api);
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['x-api-key']).toBeUndefined();
    expect(await usageOfDay(utcDay())).toMatchObject({ costUsd: 0, unpricedTokens: 1_100_000, calls: 1 });
  });

  it('custom endpoint with a chosen style sends that style', async () => {
    const api = await fake('x-api-key');
    await configure(api, { provider: 'custom', authStyle: 'x-api-key', model: 'm' });
    expect((await refineMessage()).ok).toBe(true);
    expect(only(api).headers['x-api-key']).toBe(KEY);
  });

  it('local server: no key needed, and a stored key is never sent', async () => {
    const api = await fake('none');
    await configure(api, { provider: 'ollama', model: 'qwen3-coder', dailyTokenCap: 0 }, KEY);
    expect((await refineMessage()).ok).toBe(true);
    const req = only(api);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers['x-api-key']).toBeUndefined();
    expect(req.rawBody).not.toContain(KEY);
    expect(await usageOfDay(utcDay())).toMatchObject({ costUsd: 0, calls: 1 });
    expect((await usageOfDay(utcDay())).unpricedTokens).toBeUndefined();

    await saveApiKey(null);
    expect((await refineMessage()).ok).toBe(true);
    expect(api.messageRequests()).toHaveLength(2);
  });

  it('a provider that takes a key refuses without one and sends nothing', async () => {
    const api = await fake('bearer');
    await configure(api, { provider: 'moonshot', model: 'kimi-k2.6' }, null);
    expect(await refineMessage()).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(api.requests).toHaveLength(0);
  });
});

describe('bring-in refine and the daily cap', () => {
  it('is refused before it goes out when its estimate passes the cap; nothing is counted', async () => {
    const api = await fake('x-api-key');
    await configure(api, { provider: 'deepseek', model: 'deepseek-flash', dailyTokenCap: 5_000 });
    await recordCallUsage(now(), { inputTokens: 4_900, outputTokens: 0, costUsd: 0 }, null);
    const reply = await refineMessage();
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(reply.ok ? '' : reply.error.message).toMatch(/Daily token cap reached: 4,900 of 5,000/);
    expect(api.requests).toHaveLength(0);
    expect(await usageOfDay(utcDay())).toMatchObject({ inputTokens: 4_900, calls: 1 });
  });

  it('its tokens count towards the cap that holds the next call', async () => {
    const api = await fake('x-api-key');
    await configure(api, { provider: 'deepseek', model: 'deepseek-flash', dailyTokenCap: 2_000 });
    api.enqueue({ body: toolUseMessage(REFINE_TOOL_NAME, GOOD, { input_tokens: 1_500, output_tokens: 100 }) });
    expect((await refineMessage()).ok).toBe(true);
    expect(await usageOfDay(utcDay())).toMatchObject({ inputTokens: 1_500, outputTokens: 100 });
    expect(await refineMessage()).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(api.messageRequests()).toHaveLength(1);
  });
});

describe('a malformed refine answer', () => {
  /** The panel's model talks to the real router, as the side panel talks to the background. */
  function wirePanel(): void {
    fakeBrowser.runtime.onMessage.addListener(((m: unknown, _s: unknown, respond: (r: unknown) => void) => {
      void route(m, extensionSender).then(respond);
      return true;
    }) as never);
  }

  const preview = (): PreviewItem[] =>
    NOTES.map((n) => ({ ...n, createdAt: null, include: true, check: null }) satisfies PreviewItem);

  it.each([
    [
      'an importance out of range',
      toolUseMessage(REFINE_TOOL_NAME, { items: [{ index: 1, type: 'fact', importance: 9 }] }),
    ],
    [
      'a type that does not exist',
      toolUseMessage(REFINE_TOOL_NAME, { items: [{ index: 1, type: 'mood', importance: 3 }] }),
    ],
    ['no tool call at all', { ...toolUseMessage('other_tool', {}), content: [{ type: 'text', text: 'Sure!' }] }],
  ])('%s: preview unchanged and editable, reason shown, tokens counted, nothing stored', async (_name, body) => {
    const api = await fake('x-api-key');
    await configure(api, { provider: 'deepseek', model: 'deepseek-flash' });
    api.enqueue({ body });
    wirePanel();
    const before = preview();
    items.value = before;
    await refine();
    expect(api.messageRequests()).toHaveLength(1);
    expect(items.value).toEqual(before);
    expect(notice.value?.text()).toMatch(/sort_memories|malformed/);
    expect((await usageOfDay(utcDay())).calls).toBe(1);
    expect(await db.memories.count()).toBe(0);
    expect(await db.jobs.count()).toBe(0);
  });
});
