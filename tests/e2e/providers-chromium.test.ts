/**
 * Provider presets in real Chromium, one loopback fake per auth style that refuses every other
 * style (x-api-key like DeepSeek, Bearer like MiniMax, none like a local server), each running
 * a real extraction of an imported chat. The local preset is also set up through the panel as a
 * user would: picked in Settings, no key, Test connection against a server that answers CORS
 * like Ollama (the extension's origin allowed by OLLAMA_ORIGINS, any other origin refused).
 * Every request the browser makes is routed and counted: none may leave loopback.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackUrl } from '../../lib/provider/base-url';
import { SETTINGS_VERSION } from '../../lib/settings/schema';
import {
  defaultReply,
  type FakeAnthropicApi as Fake,
  FakeAnthropicApi,
  textMessage,
  toolUseMessage,
} from '../fake-api/server';
import { kimiChat, typedHere, writeTypedChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendFrom } from './harness/extension-rpc';
import { openPanel, openSettings } from './harness/panel';
import { SCREENSHOTS } from './harness/paths';

const KEY = 'sk-e2e-provider-0123456789abcdefghijklmnop';
const AT = '2026-11-20T08:00:00.000Z';

let ext: ExtensionBrowser;
let panel: Page;
const fakes: Fake[] = [];
/** Every URL the browser asked for, by whether it stayed on this computer. */
const seen = { loopback: [] as string[], elsewhere: [] as string[] };

async function fake(options: ConstructorParameters<typeof FakeAnthropicApi>[0]): Promise<Fake> {
  const api = new FakeAnthropicApi(options);
  await api.start();
  fakes.push(api);
  // Extraction gets its memories; anything else (Test connection's probe) the usual answer.
  api.respondWith((req) =>
    (req.body as { tool_choice?: { name?: string } }).tool_choice?.name === 'save_memories'
      ? {
          body: toolUseMessage('save_memories', {
            summary: 'Commute',
            memories: [{ op: 'add', content: 'Cycles to work every day', type: 'preference', importance: 3 }],
          }),
        }
      : defaultReply(req),
  );
  return api;
}

async function extractOneChat(id: string): Promise<void> {
  const chat = kimiChat(id, 'Commute', [{ role: 'user', text: 'I cycle to work every day.' }], AT);
  // As capture stores it (an imported chat is history and never queued).
  await sendFrom(panel, 'queue.list');
  await panel.evaluate(writeTypedChatsInPage, await typedHere([chat]));
  expect(await sendFrom(panel, 'queue.extractNow', { chatId: `kimi:${id}` })).toMatchObject({ queued: true });
  await expect
    .poll(
      async () => {
        const q = await sendFrom<{ jobs: { chatId: string; state: string }[] }>(panel, 'queue.list');
        return q.jobs.find((j) => j.chatId === `kimi:${id}`)?.state;
      },
      { timeout: 20_000 },
    )
    .toBe('done');
}

beforeAll(async () => {
  ext = await launchChromium();
  // Count everything the browser fetches — pages and the extension's service worker alike.
  await ext.context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('chrome-extension://')) return route.continue();
    if (isLoopbackUrl(url)) {
      seen.loopback.push(url);
      return route.continue();
    }
    seen.elsewhere.push(url);
    return route.abort();
  });
  panel = await openPanel(ext);
});

afterAll(async () => {
  console.info(
    `providers e2e: ${seen.loopback.length} requests to loopback, ${seen.elsewhere.length} elsewhere ${JSON.stringify(seen.elsewhere)}`,
  );
  await ext?.close();
  for (const f of fakes) await f.stop();
});

describe('provider presets, one auth style each (Chromium)', () => {
  it.each([
    ['deepseek', 'x-api-key', 'deepseek-flash'],
    ['minimax', 'bearer', 'MiniMax-M3'],
    ['custom', 'x-api-key', 'some-model'],
  ] as const)('%s: a real extraction with the key sent as %s only', async (provider, auth, model) => {
    const api = await fake({ auth, key: KEY });
    await sendFrom(panel, 'settings.set', {
      settings: { version: SETTINGS_VERSION, provider, authStyle: auth, baseUrl: api.url, model },
      apiKey: KEY,
    });
    await extractOneChat(`${provider}-chat`);
    const req = api.messageRequests().at(-1);
    expect(req?.body).toMatchObject({ model, tool_choice: { type: 'tool', name: 'save_memories' } });
    if (auth === 'x-api-key') {
      expect(req?.headers['x-api-key']).toBe(KEY);
      expect(req?.headers.authorization).toBeUndefined();
    } else {
      expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(req?.headers['x-api-key']).toBeUndefined();
    }
    expect(api.refused).toEqual([]);
  });

  it('a server that takes another style refuses the call, and the job says so', async () => {
    const api = await fake({ auth: 'x-api-key', key: KEY });
    await sendFrom(panel, 'settings.set', {
      settings: { version: SETTINGS_VERSION, provider: 'custom', authStyle: 'bearer', baseUrl: api.url, model: 'm' },
      apiKey: KEY,
    });
    const result = await sendFrom<{ ok: boolean; problem: string }>(panel, 'connection.test', {});
    expect(result).toMatchObject({ ok: false, problem: 'bad_key' });
    expect(api.refused.at(-1)).toMatchObject({ status: 401 });
  });
});

describe('Settings → Connection presets (Chromium)', () => {
  it('a hosted preset fills the fields, links to its key page and shows its price', async () => {
    await panel.reload();
    await openSettings(panel, 'connection');
    await panel.getByLabel('Provider').selectOption('deepseek');
    expect(await panel.getByLabel('Base URL').inputValue()).toBe('https://api.deepseek.com/anthropic');
    expect(await panel.getByLabel('Model').inputValue()).toBe('deepseek-flash');
    const link = panel.getByRole('link', { name: 'Get a key from DeepSeek' });
    expect(await link.getAttribute('href')).toBe('https://platform.deepseek.com/api_keys');
    await panel.getByText('Price: $0.30 input / $1.20 output per million tokens.').waitFor();
    await panel.getByLabel('Provider').selectOption('zhipu');
    await panel.getByText('Price unknown: Queue shows tokens only, no cost.').waitFor();
    // The auth style is the preset's; only Custom offers the choice.
    expect(await panel.getByLabel('Key sent as').count()).toBe(0);
    // Custom starts from the last preset's fields, Zhipu's x-api-key included, and offers the choice.
    await panel.getByLabel('Provider').selectOption('custom');
    expect(await panel.getByLabel('Key sent as').inputValue()).toBe('x-api-key');
    await panel.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('refuses plain http to another computer inline and in the test, before any request', async () => {
    const before = seen.loopback.length + seen.elsewhere.length;
    await panel.getByLabel('Base URL').fill('http://localhost.evil.com:11434');
    await panel.getByText('Plain http is only allowed to this computer', { exact: false }).waitFor();
    await panel.getByLabel('API key').fill(KEY);
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByRole('alert').filter({ hasText: 'This base URL is not allowed' }).waitFor();
    expect(seen.loopback.length + seen.elsewhere.length).toBe(before);
    await panel.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('an endpoint that ignores forced tool use fails Test connection with that reason', async () => {
    const api = await fake({ auth: 'bearer', key: KEY });
    api.respondWith(() => ({ body: { ...textMessage('Connection works!') } }));
    await panel.getByLabel('Provider').selectOption('custom');
    await panel.getByLabel('Base URL').fill(api.url);
    await panel.getByLabel('API key').fill(KEY);
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByRole('alert').filter({ hasText: 'does not support forced tool use' }).waitFor();
    await panel.getByRole('button', { name: 'Discard changes' }).click();
  });
});

describe('fully local (Chromium)', () => {
  it('picks the local preset in Settings, needs no key, and extracts without leaving loopback', async () => {
    const origin = `chrome-extension://${ext.extensionId}`;
    // Like Ollama started with OLLAMA_ORIGINS=chrome-extension://<id>: any other origin gets 403.
    const api = await fake({ auth: 'none', cors: [origin] });
    // A stored key from an earlier provider must not reach the local server either.
    await sendFrom(panel, 'settings.set', { settings: { version: SETTINGS_VERSION }, apiKey: KEY });
    await panel.reload();
    await openSettings(panel, 'connection');
    await panel.getByLabel('Provider').selectOption('ollama');
    expect(await panel.getByLabel('Base URL').inputValue()).toBe('http://localhost:11434');
    await panel.getByText('No key is needed for this provider.').waitFor();
    expect(await panel.getByLabel('API key').count()).toBe(0);
    await panel.getByText(`OLLAMA_ORIGINS=${origin}`, { exact: false }).waitFor();
    // The user's Ollama listens elsewhere: another loopback port keeps the preset.
    await panel.getByLabel('Base URL').fill(api.url);
    expect(await panel.getByLabel('Provider').inputValue()).toBe('ollama');
    await panel.getByLabel('Model').fill('qwen3-coder');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await panel.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByRole('status').filter({ hasText: 'Connected. qwen3-coder answered.' }).waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await panel.screenshot({ path: join(SCREENSHOTS, 'settings-local-provider.png'), fullPage: true });

    await extractOneChat('local-chat');
    for (const req of api.messageRequests()) {
      expect(req.headers.authorization).toBeUndefined();
      expect(req.headers['x-api-key']).toBeUndefined();
      expect(req.headers.origin).toBe(origin);
    }
    expect(JSON.stringify(api.requests)).not.toContain(KEY);
    expect(api.refused).toEqual([]);
    // The routing really saw the worker's calls, and nothing went anywhere but loopback.
    expect(seen.loopback.filter((u) => u.startsWith(api.url)).length).toBeGreaterThanOrEqual(2);
    expect(seen.elsewhere).toEqual([]);
  });

  it('without the server-side origin setting, a local server refuses the extension (the README step)', async () => {
    const api = await fake({ auth: 'none', cors: ['http://localhost:3000'] });
    await sendFrom(panel, 'settings.set', {
      settings: { version: SETTINGS_VERSION, provider: 'ollama', authStyle: 'none', baseUrl: api.url, model: 'x' },
    });
    const result = await sendFrom<{ ok: boolean; problem: string; status: number | null }>(
      panel,
      'connection.test',
      {},
    );
    expect(result.ok).toBe(false);
    expect(api.refused.at(-1)).toMatchObject({ status: 403 });
    expect(seen.elsewhere).toEqual([]);
  });
});
