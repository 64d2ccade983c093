/**
 * The disclosure before the first call to a cloud provider: the background refuses every call
 * that would leave this computer until the side panel has passed on the user's "I agree"; a
 * chat page or a desktop tool cannot give it; a loopback server needs none.
 */
import { APIConnectionError } from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, NATIVE_SENDER } from '../../../entrypoints/background/router';
import { ConsentMissingError } from '../../../lib/db/consent';
import { readTrusted } from '../../../lib/db/trusted';
import { classifyError } from '../../../lib/model/client';
import { contentSender, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const KEY = 'sk-ant-api03-consent-0123456789abcdef';
let calls: string[];

/** Stands in for the network: records the address and answers what a Messages API would. */
function answer(): Response {
  const body = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: [{ type: 'tool_use', id: 't1', name: 'connection_check', input: { ok: true } }],
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
    vi.fn(async (input: string | URL | Request) => {
      calls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const test = (baseUrl: string) =>
  route({ type: 'connection.test', payload: { baseUrl, apiKey: KEY, model: 'claude-haiku-4-5' } }, extensionSender);

describe('provider disclosure', () => {
  it('refuses a call to a cloud provider before the user accepts, and sends nothing', async () => {
    const reply = await test('https://api.anthropic.com');
    expect(reply).toMatchObject({ ok: true, data: { ok: false, problem: 'consent' } });
    expect(calls).toEqual([]);
    expect(await route({ type: 'consent.get', payload: {} }, extensionSender)).toEqual({
      ok: true,
      data: { accepted: false, acceptedAt: null },
    });
  });

  it('lets the call go once the side panel has passed on the answer, kept in the private database', async () => {
    const accepted = await route({ type: 'consent.accept', payload: {} }, extensionSender);
    expect(accepted).toMatchObject({ ok: true, data: { accepted: true } });
    expect(await readTrusted('consent.cloudProvider')).toMatchObject({ version: 1 });
    expect(await test('https://api.deepseek.com/anthropic')).toMatchObject({ ok: true, data: { ok: true } });
    expect(calls).toEqual(['https://api.deepseek.com/anthropic/v1/messages']);
  });

  it('needs no disclosure for a server on this computer', async () => {
    expect(await test('http://127.0.0.1:8080')).toMatchObject({ ok: true, data: { ok: true } });
    expect(await test('http://localhost:11434')).toMatchObject({ ok: true, data: { ok: true } });
    expect(calls).toEqual(['http://127.0.0.1:8080/v1/messages', 'http://localhost:11434/v1/messages']);
  });

  it('cannot be accepted by a chat page or a desktop tool', async () => {
    const page = contentSender('https://chatgpt.com/c/abc');
    for (const type of ['consent.accept', 'consent.get']) {
      const refused = { ok: false, error: { code: 'forbidden' } };
      expect(await route({ type, payload: {} }, page)).toMatchObject(refused);
      expect(await route({ type, payload: {} }, NATIVE_SENDER)).toMatchObject(refused);
    }
    // What a page can write (storage.local) is never read as the answer.
    await fakeBrowser.storage.local.set({
      'consent.cloudProvider': { version: 1, acceptedAt: '2026-12-01T00:00:00.000Z' },
    });
    expect(await test('https://api.anthropic.com')).toMatchObject({ ok: true, data: { problem: 'consent' } });
    expect(calls).toEqual([]);
  });

  it('holds the queue with a message that says what to do, instead of retrying', () => {
    const failure = classifyError(new APIConnectionError({ cause: new ConsentMissingError() }), KEY);
    expect(failure).toMatchObject({ kind: 'config', problem: 'consent' });
    expect(failure.message).toMatch(/Settings → Connection/);
  });
});
