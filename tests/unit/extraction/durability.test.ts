/** The queue survives a stopped worker, never runs a job twice, and respects the daily cap. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { finishChat, getChat, recordCapture } from '../../../lib/db/chats';
import { claimNextJob, discardJob, getJob, jobIdOf, listJobs, updateJob } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { getPause } from '../../../lib/db/queue-state';
import { recordCallUsage } from '../../../lib/db/usage';
import { LEASE_MS, MAX_ATTEMPTS } from '../../../lib/queue/run-job';
import { now, setClock } from '../../../lib/time';
import { FakeAnthropicApi, gate } from '../../fake-api/server';
import { finishedChat, saveMemories, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const TURNS = [
  { role: 'user' as const, text: 'Call me Lin. I use PostgreSQL 16 in production.' },
  { role: 'assistant' as const, text: 'Hi Lin!' },
];
const ANSWER = saveMemories('Intro.', [
  { op: 'add', content: 'Wants to be called Lin', type: 'preference', importance: 5 },
  { op: 'add', content: 'Uses PostgreSQL 16 in production', type: 'fact', importance: 4 },
]);

describe('durable queue', () => {
  it('takes over a job left running by a stopped worker, and the late answer is not merged twice', async () => {
    const stopped = await setUpQueue(api, { runner: 'worker-old' });
    const chat = await finishedChat(TURNS);
    const oldAnswer = gate();
    api.enqueue({ ...ANSWER, heldUntil: oldAnswer.until }, ANSWER);
    const inFlight = stopped.queue.kick(); // the old worker's call is out…
    await expect.poll(() => api.messageRequests().length).toBe(1);
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.runner).toBe('worker-old');

    // …a new worker starts once the stopped one's lease has run out
    const restarted = await setUpQueue(api, { runner: 'worker-new' });
    setClock(() => Date.now() + LEASE_MS + 1_000);
    await restarted.queue.kick();
    oldAnswer.open(); // the old answer arrives after the new worker finished
    await inFlight;
    expect(api.messageRequests()).toHaveLength(2);
    const memories = await listMemories();
    expect(memories.map((m) => m.content).sort()).toEqual([
      'Uses PostgreSQL 16 in production',
      'Wants to be called Lin',
    ]);
    expect(await getJob(jobIdOf(chat.id, chat.version))).toMatchObject({ state: 'done', runner: null, attempts: 2 });
  });

  it('two wake-ups at once run the job once', async () => {
    const { queue } = await setUpQueue(api);
    await finishedChat(TURNS);
    api.enqueue({ ...ANSWER, delayMs: 200 });
    await Promise.all([queue.kick(), queue.kick(), queue.kick()]);
    expect(api.messageRequests()).toHaveLength(1);
    expect(await listMemories()).toHaveLength(2);
  });

  it('one job per chat and transcript version; an unchanged chat is never extracted again', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    expect(await finishChat(chat.id)).toBe(false);
    api.enqueue(ANSWER);
    await queue.kick();
    await recordCapture({ site: 'chatgpt', conversationId: 'conv-1', url: chat.url, title: chat.title, turns: TURNS });
    expect(await finishChat(chat.id)).toBe(false);
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(1);
    expect(await listJobs()).toHaveLength(1);
  });

  it('a new version of the same chat merges instead of duplicating', async () => {
    const { queue } = await setUpQueue(api);
    await finishedChat(TURNS);
    api.enqueue(ANSWER, ANSWER);
    await queue.kick();
    await finishedChat([...TURNS, { role: 'user', text: 'Thanks, bye.' }]);
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(2);
    expect(await listMemories()).toHaveLength(2);
  });

  it('a job discarded while its call is out writes nothing', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    const answer = gate();
    api.enqueue({ ...ANSWER, heldUntil: answer.until });
    const run = queue.kick();
    await expect.poll(() => api.messageRequests().length).toBe(1);
    expect(await discardJob(jobIdOf(chat.id, chat.version))).toBe(true);
    answer.open();
    await run;
    expect(await listMemories()).toEqual([]);
    expect((await getChat(chat.id))?.extractedVersion).toBe(chat.version);
  });

  it('a job that keeps taking its worker down fails instead of looping', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    await updateJob(jobIdOf(chat.id, chat.version), { attempts: MAX_ATTEMPTS, state: 'running', runner: 'gone' });
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(0);
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.lastError).toMatch(/^Stopped after 8 attempts/);
  });

  it('the daily token cap pauses the queue with a reason, until the next UTC day', async () => {
    const T0 = Date.parse('2026-11-02T22:00:00.000Z');
    setClock(() => T0);
    const { queue, wakeUps } = await setUpQueue(api, { settings: { dailyTokenCap: 5_000 } });
    const chat = await finishedChat(TURNS);
    await recordCallUsage(now(), { inputTokens: 4_500, outputTokens: 300, costUsd: 0.006 }, null);
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(0);
    const pause = await getPause(now());
    expect(pause?.reason).toBe('cap');
    expect(pause?.message).toMatch(/^Daily token cap reached: 4,800 of 5,000 tokens used today \(UTC\)/);
    expect(wakeUps.at(-1)).toBe('2026-11-03T00:00:00.000Z');
    expect(await getJob(jobIdOf(chat.id, chat.version))).toMatchObject({ state: 'pending', attempts: 0 });

    setClock(() => T0 + 3 * 3_600_000);
    api.enqueue(ANSWER);
    await queue.kick();
    expect(await getPause(now())).toBeNull();
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.state).toBe('done');
  });

  it('claiming is atomic: a job held under a valid lease is not claimed again', async () => {
    const chat = await finishedChat(TURNS);
    const at = now();
    const lease = new Date(Date.parse(at) + 60_000).toISOString();
    const first = await claimNextJob({ runner: 'w', nowIso: at, leaseUntilIso: lease });
    expect(first?.id).toBe(jobIdOf(chat.id, chat.version));
    expect(await claimNextJob({ runner: 'w', nowIso: at, leaseUntilIso: lease })).toBeNull();
    const later = new Date(Date.parse(at) + 61_000).toISOString();
    expect((await claimNextJob({ runner: 'w', nowIso: later, leaseUntilIso: later }))?.attempts).toBe(2);
  });
});
