/**
 * The notice before calls to a provider outside this computer, given per receiving origin:
 * the background refuses every call to an origin the user has not agreed to, whatever the call
 * (Test connection, extraction, request keywords) and whenever it was queued; agreeing for one
 * provider does not cover another; only the side panel can pass the answer on (not a chat
 * page, a desktop tool, storage.local, an import, a backup or sync); a loopback server needs
 * none. An older build's single answer holds for the endpoint configured at the update only.
 * The network is a stand-in at the fetch boundary here: the hosts are real providers' names,
 * which must not be called from a test (tests/unit/provider/redirect.test.ts uses real servers).
 */
import { APIConnectionError } from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, NATIVE_SENDER } from '../../../entrypoints/background/router';
import { createBackup, readBackup } from '../../../lib/db/backups';
import { ConsentMissingError, readConsent } from '../../../lib/db/consent';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { getPause } from '../../../lib/db/queue-state';
import { loadSettings, saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { readTrusted, writeTrusted } from '../../../lib/db/trusted';
import { classifyError } from '../../../lib/model/client';
import { defaultSettings } from '../../../lib/settings/schema';
import { FakeAnthropicApi } from '../../fake-api/server';
import { askForDraft } from '../background/ask-draft';
import { finishedChat, setUpQueue } from '../extraction/harness';
import { contentSender, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const KEY = 'sk-ant-api03-consent-0123456789abcdef';
const ANTHROPIC = 'https://api.anthropic.com';
const DEEPSEEK = 'https://api.deepseek.com/anthropic';
const QWEN = 'https://dashscope.aliyuncs.com/apps/anthropic';
let calls: string[];

/** Stands in for the network: records the address and answers what a Messages API would. */
function answer(init: RequestInit | undefined): Response {
  const tool = (JSON.parse(String(init?.body ?? '{}')) as { tool_choice?: { name?: string } }).tool_choice?.name;
  // An extraction gets a well-formed empty answer, so its job ends rather than retrying.
  const input = tool === 'save_memories' ? { summary: 'Moved to Chengdu.', memories: [] } : { ok: true };
  const body = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: [{ type: 'tool_use', id: 't1', name: tool ?? 'connection_check', input }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 5, output_tokens: 5 },
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      calls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return answer(init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const send = (type: string, payload: unknown = {}) => route({ type, payload }, extensionSender);
const test = (baseUrl: string) => send('connection.test', { baseUrl, apiKey: KEY, model: 'claude-haiku-4-5' });
const accept = (baseUrl: string) => send('consent.accept', { baseUrl });
const acceptedOrigins = async () => {
  const reply = await send('consent.get');
  if (!reply.ok) throw new Error(reply.error.message);
  return (reply.data as { accepted: { origin: string }[] }).accepted.map((c) => c.origin);
};

describe('provider notice', () => {
  it('refuses a call to a cloud provider before the user accepts, and sends nothing', async () => {
    const reply = await test(ANTHROPIC);
    expect(reply).toMatchObject({ ok: true, data: { ok: false, problem: 'consent' } });
    expect(calls).toEqual([]);
    expect(await acceptedOrigins()).toEqual([]);
  });

  it('lets calls go to the origin agreed to, kept in the private database', async () => {
    expect(await accept(DEEPSEEK)).toMatchObject({
      ok: true,
      data: { accepted: [{ origin: 'https://api.deepseek.com' }] },
    });
    expect(await readTrusted('consent.origin:https://api.deepseek.com')).toMatchObject({ version: 1 });
    expect(await test(DEEPSEEK)).toMatchObject({ ok: true, data: { ok: true } });
    expect(calls).toEqual(['https://api.deepseek.com/anthropic/v1/messages']);
  });

  it('agreeing for one provider does not cover another: each asks again, nothing is sent first', async () => {
    await accept(ANTHROPIC);
    for (const other of [DEEPSEEK, QWEN, 'https://llm.example.org/v1', 'https://api.anthropic.com:8443']) {
      const reply = await test(other);
      expect(reply).toMatchObject({ ok: true, data: { ok: false, problem: 'consent' } });
    }
    expect(calls).toEqual([]);
    expect(await acceptedOrigins()).toEqual([ANTHROPIC]);
    // The refusal names who would have received.
    const failure = classifyError(new APIConnectionError({ cause: new ConsentMissingError('api.deepseek.com') }), KEY);
    expect(failure).toMatchObject({ kind: 'config', problem: 'consent' });
    expect(failure.message).toMatch(/api\.deepseek\.com.*Settings → Connection/);
  });

  it('can be withdrawn for one origin: calls there stop until agreed again, the others go on', async () => {
    await accept(ANTHROPIC);
    await accept(DEEPSEEK);
    expect(await send('consent.withdraw', { origin: 'https://api.deepseek.com' })).toMatchObject({
      ok: true,
      data: { accepted: [{ origin: ANTHROPIC }] },
    });
    expect(await test(DEEPSEEK)).toMatchObject({ ok: true, data: { ok: false, problem: 'consent' } });
    expect(calls).toEqual([]);
    expect(await test(ANTHROPIC)).toMatchObject({ ok: true, data: { ok: true } });
    expect(calls).toEqual(['https://api.anthropic.com/v1/messages']);
    // Agreeing again is the only way back.
    await accept(DEEPSEEK);
    expect(await test(DEEPSEEK)).toMatchObject({ ok: true, data: { ok: true } });
  });

  it('only for a provider outside this computer, at an address a model may be called at', async () => {
    for (const baseUrl of [
      'http://127.0.0.1:8080',
      'http://localhost:11434',
      'not a url',
      'http://collector.example',
    ]) {
      expect(await accept(baseUrl)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    // Spellings that look local but go elsewhere are providers like any other: they need the notice.
    for (const remote of [
      'https://localhost.evil.com',
      'https://127.0.0.1.nip.io',
      'https://0.0.0.0',
      'https://[::ffff:7f00:1]',
    ]) {
      expect(await test(remote)).toMatchObject({ ok: true, data: { problem: 'consent' } });
    }
    expect(calls).toEqual([]);
    expect(await acceptedOrigins()).toEqual([]);
  });

  it('needs no notice for a server on this computer', async () => {
    expect(await test('http://127.0.0.1:8080')).toMatchObject({ ok: true, data: { ok: true } });
    expect(await test('http://localhost:11434')).toMatchObject({ ok: true, data: { ok: true } });
    expect(calls).toEqual(['http://127.0.0.1:8080/v1/messages', 'http://localhost:11434/v1/messages']);
  });

  it('cannot be accepted by a chat page, a desktop tool or storage.local', async () => {
    const page = contentSender('https://chatgpt.com/c/abc');
    for (const [type, payload] of [
      ['consent.accept', { baseUrl: ANTHROPIC }],
      ['consent.get', {}],
      ['consent.withdraw', { origin: ANTHROPIC }],
    ] as const) {
      const refused = { ok: false, error: { code: 'forbidden' } };
      expect(await route({ type, payload }, page)).toMatchObject(refused);
      expect(await route({ type, payload }, NATIVE_SENDER)).toMatchObject(refused);
    }
    // What a page can write (storage.local) is never read as the answer, under any name.
    const at = '2026-12-01T00:00:00.000Z';
    await fakeBrowser.storage.local.set({
      'consent.cloudProvider': { version: 1, acceptedAt: at },
      [`consent.origin:${ANTHROPIC}`]: { version: 1, acceptedAt: at },
    });
    expect(await test(ANTHROPIC)).toMatchObject({ ok: true, data: { problem: 'consent' } });
    expect(calls).toEqual([]);
  });

  it('travels in no backup or export: restoring or importing one cannot grant it', async () => {
    await saveSettings({ ...defaultSettings(), baseUrl: ANTHROPIC });
    await accept(ANTHROPIC);
    const backup = await readBackup((await createBackup('test')).id);
    const exported = await send('transfer.export', {});
    expect(exported.ok).toBe(true);
    for (const text of [JSON.stringify(backup), JSON.stringify(exported)]) {
      expect(text).not.toContain('consent');
      expect(text).not.toContain('acceptedAt');
    }
  });
});

describe('an imported file cannot give it', () => {
  it('settings changes confirmed from a file neither move the endpoint nor grant the notice', async () => {
    await saveSettings({ ...defaultSettings(), baseUrl: ANTHROPIC });
    const at = '2026-12-01T00:00:00.000Z';
    const reply = await send('transfer.applySettings', {
      changes: [
        { path: 'baseUrl', to: DEEPSEEK },
        { path: 'consent', to: { version: 1, acceptedAt: at } },
        { path: `consent.origin:${ANTHROPIC}`, to: { version: 1, acceptedAt: at } },
        { path: 'consent.cloudProvider', to: { version: 1, acceptedAt: at } },
      ],
    });
    // Refused outright: none of these is a setting a file may change.
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect((await loadSettings()).baseUrl).toBe(ANTHROPIC);
    expect(await acceptedOrigins()).toEqual([]);
    expect(await test(ANTHROPIC)).toMatchObject({ ok: true, data: { problem: 'consent' } });
    expect(calls).toEqual([]);
  });
});

describe('a switch of provider asks again before anything goes to the new one', () => {
  const unused = new FakeAnthropicApi();

  it('a chat queued before the switch is not sent to the new provider until it is agreed to', async () => {
    const { queue } = await setUpQueue(unused, { settings: { baseUrl: ANTHROPIC }, key: KEY });
    await accept(ANTHROPIC);
    const chat = await finishedChat([{ role: 'user', text: 'I moved to Chengdu last month.' }]);
    // The user switches to DeepSeek before the queue gets to the chat.
    await saveSettings({ ...(await loadSettings()), provider: 'deepseek', baseUrl: DEEPSEEK, authStyle: 'x-api-key' });
    await saveApiKey(KEY, DEEPSEEK);
    await queue.kick();
    expect(calls).toEqual([]);
    expect((await getPause(new Date().toISOString()))?.reason).toBe('config');
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.state).toBe('pending');
    // Agreeing for DeepSeek lifts the pause and lets the chat go, to DeepSeek only.
    await accept(DEEPSEEK);
    await vi.waitFor(async () => expect((await getJob(jobIdOf(chat.id, chat.version)))?.state).toBe('done'));
    expect(calls).toEqual(['https://api.deepseek.com/anthropic/v1/messages']);
  });

  it('no request-keywords call for a draft before the new provider is agreed to', async () => {
    await saveSettings({ ...defaultSettings(), provider: 'deepseek', baseUrl: DEEPSEEK, authStyle: 'x-api-key' });
    await saveApiKey(KEY, DEEPSEEK);
    await accept(ANTHROPIC);
    const tabId = 5151;
    expect(await askForDraft(tabId, 'Plan a week of dinners for two small children who dislike spicy food')).toBe(
      'failed',
    );
    expect(calls).toEqual([]);
  });

  it('an answer given in one panel covers the address it showed, not one another panel saved since', async () => {
    await saveSettings({ ...defaultSettings(), baseUrl: ANTHROPIC });
    // Panel B (opened earlier) switches to Qwen; panel A, still showing Anthropic, agrees.
    await send('settings.set', { settings: { ...(await loadSettings()), provider: 'bailian', baseUrl: QWEN } });
    await accept(ANTHROPIC);
    expect(await test(QWEN)).toMatchObject({ ok: true, data: { problem: 'consent' } });
    expect(calls).toEqual([]);
  });
});

describe('upgrade from a build with one answer for every provider', () => {
  const legacy = { version: 1, acceptedAt: '2026-11-20T09:00:00.000Z' };

  it('holds for the endpoint configured at the update, and for no other', async () => {
    await saveSettings({ ...defaultSettings(), provider: 'deepseek', baseUrl: DEEPSEEK, authStyle: 'x-api-key' });
    await writeTrusted('consent.cloudProvider', legacy);
    expect(await acceptedOrigins()).toEqual(['https://api.deepseek.com']);
    expect(await readConsent(DEEPSEEK)).toEqual(legacy);
    expect(await readTrusted('consent.cloudProvider')).toBeUndefined();
    expect(await test(DEEPSEEK)).toMatchObject({ ok: true, data: { ok: true } });
    expect(await test(ANTHROPIC)).toMatchObject({ ok: true, data: { problem: 'consent' } });
    expect(calls).toEqual(['https://api.deepseek.com/anthropic/v1/messages']);
  });

  it('a switch saved as the first thing after the update is not covered by the old answer', async () => {
    await saveSettings({ ...defaultSettings(), baseUrl: ANTHROPIC });
    await writeTrusted('consent.cloudProvider', legacy);
    await send('settings.set', { settings: { ...(await loadSettings()), provider: 'bailian', baseUrl: QWEN } });
    expect(await acceptedOrigins()).toEqual([ANTHROPIC]);
    expect(await test(QWEN)).toMatchObject({ ok: true, data: { problem: 'consent' } });
    expect(calls).toEqual([]);
  });

  it('covers nothing when a server on this computer was configured', async () => {
    await saveSettings({
      ...defaultSettings(),
      provider: 'ollama',
      baseUrl: 'http://localhost:11434',
      authStyle: 'none',
    });
    await writeTrusted('consent.cloudProvider', legacy);
    expect(await acceptedOrigins()).toEqual([]);
    expect(await readTrusted('consent.cloudProvider')).toBeUndefined();
    expect(await test(ANTHROPIC)).toMatchObject({ ok: true, data: { problem: 'consent' } });
  });
});
