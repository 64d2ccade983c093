/** The side panel's messages for the queue, the connection test and usage, through the router. */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { excludeChat, recordCapture } from '../../../lib/db/chats';
import { getJob, jobIdOf, updateJob } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { getPause, setPause } from '../../../lib/db/queue-state';
import { claimSends, recordSend } from '../../../lib/db/sends';
import { saveApiKey } from '../../../lib/db/settings-store';
import { recordCallUsage } from '../../../lib/db/usage';
import type { ResponseOf } from '../../../lib/protocol';
import { extractionQueue } from '../../../lib/queue/service';
import { defaultSettings } from '../../../lib/settings/schema';
import { now } from '../../../lib/time';
import { apiError, textMessage } from '../../fake-api/server';
import { contentSender, extensionSender, routerOptions } from '../helpers';
import { KEY, saveMemories, sentBody, withFakeApi } from './harness';

const api = withFakeApi();

const route = createRouter(handlers, routerOptions);
async function call(type: string, payload: unknown = {}, sender: object = extensionSender) {
  return route({ type, payload }, sender);
}
async function data<T = Record<string, unknown>>(type: string, payload: unknown = {}): Promise<T> {
  const reply = await call(type, payload);
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
  return reply.data as T;
}

/** A chat whose one user turn the user typed and sent in tab 7. */
async function capture(conversationId = 'conv-1') {
  await recordSend(7, 'claude', 'I live in Lisbon.');
  const chat = await recordCapture({
    site: 'claude',
    conversationId,
    url: `https://claude.ai/chat/${conversationId}`,
    title: 'Trip planning',
    turns: [{ role: 'user', text: 'I live in Lisbon.' }],
  });
  await claimSends(7, chat!);
  return chat!;
}

describe('queue messages', () => {
  it('extract now finishes an open chat and runs it; the list shows the outcome', async () => {
    const chat = await capture();
    api.enqueue(saveMemories('Lisbon.', [{ op: 'add', content: 'Lives in Lisbon', type: 'fact', importance: 4 }]));
    const reply = await data('queue.extractNow', { chatId: chat.id });
    expect(reply).toMatchObject({ jobId: jobIdOf(chat.id, 1), queued: true, message: 'Extracting.' });
    await extractionQueue().kick();
    expect((await listMemories()).map((m) => m.content)).toEqual(['Lives in Lisbon']);
    const list = await data<{ jobs: { chatTitle: string; state: string; outcome: string }[]; paused: null }>(
      'queue.list',
    );
    expect(list.paused).toBeNull();
    expect(list.jobs).toEqual([
      expect.objectContaining({ chatTitle: 'Trip planning', state: 'done', outcome: '1 added' }),
    ]);
    expect(await data('queue.extractNow', { chatId: chat.id })).toMatchObject({ queued: false });
  });

  it('extract now refuses an excluded chat and an unknown one', async () => {
    await excludeChat('claude', 'conv-x', 'https://claude.ai/chat/conv-x');
    expect(await call('queue.extractNow', { chatId: 'claude:conv-x' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: 'This chat is excluded from memory.' },
    });
    expect((await call('queue.extractNow', { chatId: 'nope' })).ok).toBe(false);
  });

  it('retry runs a failed job again; discard drops a job for good', async () => {
    const chat = await capture();
    api.respondWith(() => apiError(500, 'api_error', 'Internal server error'));
    await data('queue.extractNow', { chatId: chat.id });
    await extractionQueue().kick();
    const id = jobIdOf(chat.id, 1);
    expect((await getJob(id))?.lastError).toMatch(
      /^The API answered 500 \(api_error: Internal server error\)\. Retrying in/,
    );
    await updateJob(id, { state: 'failed', lastError: 'boom', attempts: 8, runner: null });
    api.enqueue(saveMemories('s', []));
    expect(await data('queue.retry', { jobId: id })).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
    await extractionQueue().kick();
    expect((await getJob(id))?.state).toBe('done');

    const other = await capture('conv-2');
    await setPause({ reason: 'auth', since: now(), message: 'paused for the test' });
    await data('queue.extractNow', { chatId: other.id });
    expect(await data('queue.discard', { jobId: jobIdOf(other.id, 1) })).toEqual({ discarded: true });
    expect(await getJob(jobIdOf(other.id, 1))).toBeUndefined();
  });

  it('saving settings lifts a pause', async () => {
    await setPause({ reason: 'auth', since: now(), message: 'The API key was rejected (401).' });
    expect((await data<{ paused: { reason: string } }>('queue.list')).paused.reason).toBe('auth');
    await data('settings.set', { settings: { ...defaultSettings(), baseUrl: api.url }, apiKey: KEY });
    expect(await getPause(now())).toBeNull();
  });

  it('is not reachable from a chat page', async () => {
    const reply = await call('queue.list', {}, contentSender('https://claude.ai/chat/1'));
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('usage.summary', () => {
  it('adds up today and this month against the cap, with the assumed price', async () => {
    const today = now();
    await recordCallUsage(today, { inputTokens: 1_000, outputTokens: 200, costUsd: 0.002 }, null);
    await recordCallUsage(today, { inputTokens: 500, outputTokens: 100, costUsd: 0.001 }, null);
    const summary = await data<ResponseOf<'usage.summary'>>('usage.summary');
    expect(summary.today).toMatchObject({ inputTokens: 1_500, outputTokens: 300, calls: 2 });
    expect(summary.today.costUsd).toBeCloseTo(0.003);
    expect(summary.month.inputTokens).toBeGreaterThanOrEqual(1_500);
    expect(summary).toMatchObject({ dailyTokenCap: 100_000, capReached: false, paused: null });
    expect(summary.price).toEqual({
      model: 'claude-haiku-4-5',
      inputPerMTok: 1,
      outputPerMTok: 5,
      currency: 'USD',
      known: true,
    });
  });
});

describe('connection.test', () => {
  it('says connected, with one tiny forced-tool call', async () => {
    expect(await data('connection.test')).toMatchObject({ ok: true, problem: 'none', status: 200 });
    expect(sentBody(api.messageRequests()[0]).model).toBeTruthy();
    expect((api.messageRequests()[0]?.body as { max_tokens?: number } | undefined)?.max_tokens).toBe(64);
    // The same endpoint answering with text instead: the reason, not a false "connected".
    api.enqueue({ body: textMessage('p', { input_tokens: 8, output_tokens: 1 }) });
    expect(await data('connection.test')).toMatchObject({ ok: false, problem: 'no_forced_tool' });
  });

  it('tests unsaved values without storing them, and names the problem', async () => {
    api.enqueue(apiError(401, 'authentication_error', 'invalid x-api-key'));
    const wrongKey = await data<{ ok: boolean; problem: string; detail: string }>('connection.test', {
      apiKey: 'sk-ant-wrong-000000000000',
    });
    expect(wrongKey).toMatchObject({ ok: false, problem: 'bad_key', status: 401 });
    expect(wrongKey.detail).not.toContain('sk-ant-wrong');
    expect(api.messageRequests()[0]?.headers.authorization).toBe('Bearer sk-ant-wrong-000000000000');

    api.enqueue(apiError(404, 'not_found_error', 'model: claude-nope'));
    const wrongModel = await data<{ problem: string; detail: string }>('connection.test', { model: 'claude-nope' });
    expect(wrongModel).toMatchObject({ problem: 'not_found', detail: 'model: claude-nope' });

    // A key is bound to the origin it was entered for: another address is tested with its own.
    const unreachable = await data<{ ok: boolean; problem: string }>('connection.test', {
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'sk-ant-other-000000000000',
    });
    expect(unreachable).toMatchObject({ ok: false, problem: 'network' });
  });

  it('without any key says so before calling', async () => {
    await saveApiKey(null);
    expect(await data('connection.test')).toMatchObject({ ok: false, problem: 'no_key' });
    expect(api.messageRequests()).toHaveLength(0);
  });
});
