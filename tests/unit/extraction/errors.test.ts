/** How API failures move a job and the queue: back off, fail, or pause. The key never leaks. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { clearPause, getPause } from '../../../lib/db/queue-state';
import { now, setClock } from '../../../lib/time';
import { apiError, FakeAnthropicApi } from '../../fake-api/server';
import { finishedChat, KEY, saveMemories, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const TURNS = [{ role: 'user' as const, text: 'I moved to Chengdu last month.' }];
const T0 = Date.parse('2026-11-02T10:00:00.000Z');

async function jobOf(chat: { id: string; version: number }) {
  return getJob(jobIdOf(chat.id, chat.version));
}

describe('API failures', () => {
  it('429 with retry-after: waits at least that long, then succeeds', async () => {
    setClock(() => T0);
    const { queue, wakeUps } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.enqueue(
      apiError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', { 'retry-after': '40' }),
    );
    await queue.kick();
    const waiting = await jobOf(chat);
    expect(waiting?.state).toBe('pending');
    // retry-after 40 s plus up to 1 s of jitter (random() = 0.5 in the harness).
    expect(Date.parse(waiting?.nextAttemptAt ?? '') - T0).toBe(40_500);
    expect(waiting?.lastError).toMatch(/^Rate limited by the API \(429 rate_limit_error: .*\)\. Retrying in 41 s\.$/);
    expect(wakeUps.at(-1)).toBe(waiting?.nextAttemptAt);

    await queue.kick(); // too early: nothing is sent
    expect(api.messageRequests()).toHaveLength(1);
    setClock(() => T0 + 41_000);
    api.enqueue(saveMemories('Moved.', [{ op: 'add', content: 'Lives in Chengdu', type: 'fact', importance: 4 }]));
    await queue.kick();
    expect(await jobOf(chat)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('529 overloaded: exponential backoff with jitter, growing per attempt', async () => {
    setClock(() => T0);
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.respondWith(() => apiError(529, 'overloaded_error', 'Overloaded'));
    await queue.kick();
    const first = await jobOf(chat);
    // attempt 1: base 30 s, equal jitter → 15 s + 15 s × 0.5.
    expect(Date.parse(first?.nextAttemptAt ?? '') - T0).toBe(22_500);
    expect(first?.lastError).toContain('The API is overloaded (529 overloaded_error: Overloaded)');
    setClock(() => T0 + 30_000);
    await queue.kick();
    const second = await jobOf(chat);
    expect(Date.parse(second?.nextAttemptAt ?? '') - (T0 + 30_000)).toBe(45_000);
    expect(second).toMatchObject({ state: 'pending', attempts: 2 });
  });

  it('401 stops the queue, says the key is wrong, and never shows the key', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    const other = await finishedChat(TURNS, { conversationId: 'conv-2' });
    // A server that echoes the key back must not get it into our messages.
    api.enqueue(apiError(401, 'authentication_error', `invalid x-api-key: ${KEY}`));
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(1);
    const pause = await getPause(now());
    expect(pause?.reason).toBe('auth');
    expect(pause?.message).toMatch(
      /^The API key was rejected \(401 authentication_error: invalid x-api-key: \[redacted/,
    );
    expect(pause?.message).toContain('Check the key in Settings.');
    const job = await jobOf(chat);
    expect(job).toMatchObject({ state: 'pending', attempts: 0 });
    for (const text of [pause?.message, job?.lastError]) expect(text).not.toContain(KEY.slice(10));
    // Paused: no further calls, the other chat waits too.
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(1);
    expect((await jobOf(other))?.state).toBe('pending');
  });

  it('403 also stops the queue; 404 stops it as a model/base URL problem', async () => {
    const { queue } = await setUpQueue(api);
    await finishedChat(TURNS);
    api.enqueue(apiError(403, 'permission_error', 'Your API key does not have permission'));
    await queue.kick();
    expect((await getPause(now()))?.message).toContain('The API key is not allowed to do this (403');

    await clearPause(); // what saving settings does
    api.enqueue(apiError(404, 'not_found_error', 'model: claude-haiku-9'));
    await queue.kick();
    const pause = await getPause(now());
    expect(pause?.reason).toBe('config');
    expect(pause?.message).toContain('Check the model name and the base URL');
  });

  it('a timeout backs off and is retried', async () => {
    setClock(() => T0);
    const { queue } = await setUpQueue(api, { timeoutMs: 300 });
    const chat = await finishedChat(TURNS);
    api.enqueue({ ...saveMemories('late', []), delayMs: 1_500 });
    await queue.kick();
    const job = await jobOf(chat);
    expect(job?.state).toBe('pending');
    expect(job?.lastError).toMatch(/^The API did not answer in time\. Retrying in \d+ s\.$/);
    expect(await listMemories()).toEqual([]);
  });

  it('a dropped connection backs off and is retried', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.enqueue({ hangUp: true });
    await queue.kick();
    const job = await jobOf(chat);
    expect(job?.state).toBe('pending');
    expect(job?.lastError).toMatch(/^Could not reach the API.*Check the network and the base URL\. Retrying in/);
  });

  it('a missing key pauses the queue before any call', async () => {
    const { queue } = await setUpQueue(api, { key: null });
    const chat = await finishedChat(TURNS);
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(0);
    expect((await getPause(now()))?.reason).toBe('auth');
    expect(await jobOf(chat)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('the key travels only in the auth header', async () => {
    const { queue } = await setUpQueue(api);
    await finishedChat([{ role: 'user', text: `my key is ${KEY}, keep it safe` }]);
    api.enqueue(saveMemories('s', []));
    await queue.kick();
    const [req] = api.messageRequests();
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.rawBody).not.toContain(KEY.slice(10));
  });
});
