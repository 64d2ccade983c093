/**
 * "Don't remember this chat" and "learn from chats" off against work already under way: the
 * real SDK against the fake Messages API, whose answer is held until the test has excluded the
 * chat or switched learning off. Nothing of the chat may be stored afterwards, whichever door
 * the work came through: a running call, the later parts of a long chat, a retry, a job taken
 * over from a stopped worker, a parked answer, Extract now, the idle sweep.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { excludeChat, getChat, idleOpenChats, recordCapture } from '../../../lib/db/chats';
import { getJob, jobIdOf, retryJob, updateJob } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { parkAnswer, parkedAnswer } from '../../../lib/db/parked';
import { loadSettings, saveSettings } from '../../../lib/db/settings-store';
import type { ExtractedMemory } from '../../../lib/extraction/extract-schema';
import { LEASE_MS } from '../../../lib/queue/run-job';
import { defaultSettings } from '../../../lib/settings/schema';
import { setClock } from '../../../lib/time';
import { FakeAnthropicApi, gate } from '../../fake-api/server';
import { extensionSender, routerOptions } from '../helpers';
import { finishedChat, saveMemories, setUpQueue } from './harness';

const route = createRouter(handlers, routerOptions);
async function extractNow(chatId: string): Promise<{ ok: boolean; data?: { queued: boolean } }> {
  return (await route({ type: 'queue.extractNow', payload: { chatId } }, extensionSender)) as never;
}

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const figures = { doors: 0, memoriesWritten: 0, summariesWritten: 0, callsAfterStop: 0 };
afterAll(() => {
  console.info(
    `exclusion vs running work: ${figures.doors} doors, ${figures.memoriesWritten} memories written, ${figures.summariesWritten} summaries written, ${figures.callsAfterStop} calls made after the stop`,
  );
});

const TURNS = [
  { role: 'user' as const, text: 'I am Lin and I work on the payments team, we use PostgreSQL 16.' },
  { role: 'assistant' as const, text: 'Noted, Lin.' },
];
const ITEMS: ExtractedMemory[] = [{ op: 'add', content: 'Works on the payments team', type: 'fact', importance: 4 }];
const ANSWER = saveMemories('Lin talked about work', ITEMS);
const URL_1 = 'https://chatgpt.com/c/conv-1';

/** A long chat: small windows, so it goes out in several parts. */
const LONG_LIMITS = { windowTokens: 120, maxWindows: 4, maxMessageTokens: 10_000, headTokens: 0 };
const LONG = Array.from({ length: 8 }, (_, i) => ({
  role: i % 2 ? ('assistant' as const) : ('user' as const),
  text: `Part ${i}: ${'I keep a detailed diary of my work on payments and databases. '.repeat(3)}`,
}));

async function nothingStored(chatId: string, callsBefore: number): Promise<void> {
  const memories = await listMemories();
  const chat = await getChat(chatId);
  figures.doors++;
  figures.memoriesWritten += memories.length;
  figures.summariesWritten += chat?.summary ? 1 : 0;
  figures.callsAfterStop += api.messageRequests().length - callsBefore;
  expect(memories).toEqual([]);
  expect(chat?.summary ?? '').toBe('');
  expect(api.messageRequests().length).toBe(callsBefore);
}

async function learningOff(): Promise<void> {
  const s = await loadSettings();
  await saveSettings({ ...s, sites: { ...s.sites, chatgpt: { ...s.sites.chatgpt, learn: false } } });
}

describe('a running job against "don\'t remember this chat"', () => {
  it('the answer of a call that was out when the chat was excluded is not stored', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    const held = gate();
    api.enqueue({ ...ANSWER, heldUntil: held.until });
    const run = queue.kick();
    await expect.poll(() => api.messageRequests().length).toBe(1);
    await excludeChat('chatgpt', 'conv-1', URL_1);
    held.open();
    await run;
    await nothingStored(chat.id, 1);
    expect((await getChat(chat.id))?.state).toBe('excluded');
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.state).not.toBe('running');
  });

  it('a long chat: the part that was out is dropped and no later part is sent', async () => {
    const { queue } = await setUpQueue(api, { limits: LONG_LIMITS });
    const chat = await finishedChat(LONG);
    const held = gate();
    api.enqueue({ ...ANSWER, heldUntil: held.until }, ANSWER, ANSWER, ANSWER);
    const run = queue.kick();
    await expect.poll(() => api.messageRequests().length).toBe(1);
    await excludeChat('chatgpt', 'conv-1', URL_1);
    held.open();
    await run;
    await nothingStored(chat.id, 1);
  });

  it('learning switched off for the site while the call is out: nothing stored, the job waits', async () => {
    const { queue } = await setUpQueue(api, { limits: LONG_LIMITS });
    const chat = await finishedChat(LONG);
    const held = gate();
    api.enqueue({ ...ANSWER, heldUntil: held.until }, ANSWER, ANSWER, ANSWER);
    const run = queue.kick();
    await expect.poll(() => api.messageRequests().length).toBe(1);
    await learningOff();
    held.open();
    await run;
    await nothingStored(chat.id, 1);
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.state).toBe('pending');
  });
});

describe('the other doors to the same state', () => {
  it('a retry of a failed job of an excluded chat makes no call', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    const id = jobIdOf(chat.id, chat.version);
    await updateJob(id, { state: 'failed', lastError: 'x' });
    await excludeChat('chatgpt', 'conv-1', URL_1);
    await retryJob(id);
    api.enqueue(ANSWER);
    await queue.kick();
    await nothingStored(chat.id, 0);
  });

  it('a job taken over from a stopped worker after the chat was excluded makes no call', async () => {
    const chat = await finishedChat(TURNS);
    const id = jobIdOf(chat.id, chat.version);
    await updateJob(id, { state: 'running', runner: 'gone', leaseUntil: new Date().toISOString() });
    await excludeChat('chatgpt', 'conv-1', URL_1);
    const { queue } = await setUpQueue(api, { runner: 'worker-new' });
    setClock(() => Date.now() + LEASE_MS + 1_000);
    api.enqueue(ANSWER);
    await queue.kick();
    await nothingStored(chat.id, 0);
  });

  it('a parked answer of a chat excluded since is never written, and is thrown away', async () => {
    const chat = await finishedChat(TURNS);
    const id = jobIdOf(chat.id, chat.version);
    await parkAnswer(
      {
        jobId: id,
        runner: 'old',
        window: 0,
        lastWindow: true,
        chatVersion: chat.version,
        turns: [],
        fromAssistant: [],
        summary: 'a summary of the excluded chat',
        items: ITEMS,
        aliases: new Map(),
        source: { site: 'chatgpt', url: URL_1, chatId: chat.id },
        patterns: [],
      },
      new Date().toISOString(),
    );
    await excludeChat('chatgpt', 'conv-1', URL_1);
    const { queue } = await setUpQueue(api);
    await queue.kick();
    await nothingStored(chat.id, 0);
    expect(await parkedAnswer(id)).toBeNull();
  });

  it('Extract now on an excluded chat queues nothing; on a site with learning off it makes no call', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    await excludeChat('chatgpt', 'conv-1', URL_1);
    expect((await extractNow(chat.id)).data?.queued ?? false).toBe(false);
    await queue.kick();
    await nothingStored(chat.id, 0);

    await saveSettings({ ...defaultSettings(), baseUrl: api.url });
    await learningOff();
    const other = await finishedChat(TURNS, { conversationId: 'conv-2' });
    await extractNow(other.id);
    await queue.kick();
    await nothingStored(other.id, 0);
  });

  it('the idle sweep never picks up an excluded chat', async () => {
    const captured = await recordCapture({
      site: 'chatgpt',
      conversationId: 'idle',
      url: URL_1,
      title: '',
      turns: TURNS,
    });
    await excludeChat('chatgpt', 'idle', URL_1);
    const idle = await idleOpenChats(new Date(Date.now() + 3_600_000).toISOString());
    expect(idle.map((c) => c.id)).not.toContain(captured?.id);
    figures.doors++;
  });
});
