/** A long chat is extracted window by window, each merged once, resumable after a failure. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getChat } from '../../../lib/db/chats';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { setClock } from '../../../lib/time';
import { apiError, FakeAnthropicApi, type ReceivedRequest } from '../../fake-api/server';
import { finishedChat, saveMemories, sentUser, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => {
  api.reset();
  seen.clear();
});

const LIMITS = { windowTokens: 400, maxWindows: 4, maxMessageTokens: 10_000, headTokens: 200 };
const TURNS = Array.from({ length: 12 }, (_, i) => ({
  role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
  // The opening message (sent with every window) names what each window's memory is about.
  text:
    i === 0
      ? 'I am planning a trip to Lisbon in June. A hotel in Alfama, the train to Porto, Gulbenkian tickets, surf in Cascais.'
      : `Turn ${i}: ${'details about the plan '.repeat(20)}`,
}));

const PLANS = [
  'Booking a hotel in Alfama',
  'Taking the train to Porto',
  'Buying Gulbenkian museum tickets',
  'Surf lesson in Cascais',
];

const seen = new Map<number, number>();

/** Answers each window with a different memory, and a summary naming the last turn it saw. */
function perWindow(req: ReceivedRequest) {
  const last = Number([...sentUser(req).matchAll(/<turn n="(\d+)"/g)].at(-1)?.[1]);
  if (!seen.has(last)) seen.set(last, seen.size);
  const content = PLANS[seen.get(last) ?? 0] ?? `Plan ${last}`;
  return saveMemories(`Up to turn ${last}.`, [{ op: 'add', content, type: 'task', importance: 2 }]);
}

describe('windows', () => {
  it('sends a long chat in several calls with the opening message and the summary so far', async () => {
    const { queue } = await setUpQueue(api, { limits: LIMITS });
    const chat = await finishedChat(TURNS);
    api.respondWith(perWindow);
    await queue.kick();
    const requests = api.messageRequests();
    expect(requests.length).toBeGreaterThan(1);
    const second = sentUser(requests[1]);
    expect(second).toContain('<earlier_context');
    expect(second).toContain('I am planning a trip to Lisbon in June.');
    expect(second).toMatch(/<summary_so_far>Up to turn \d+\.<\/summary_so_far>/);
    expect(await listMemories()).toHaveLength(requests.length);
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job).toMatchObject({ state: 'done', windowsDone: requests.length, outcome: `${requests.length} added` });
    expect((await getChat(chat.id))?.summary).toBe('Up to turn 12.');
  });

  it('after a failure in a later window, resumes there without redoing the merged ones', async () => {
    setClock(() => Date.parse('2026-11-02T10:00:00.000Z'));
    const { queue } = await setUpQueue(api, { limits: LIMITS });
    const chat = await finishedChat(TURNS);
    let calls = 0;
    api.respondWith((req) => (++calls === 2 ? apiError(529, 'overloaded_error', 'Overloaded') : perWindow(req)));
    await queue.kick();
    expect(await getJob(jobIdOf(chat.id, chat.version))).toMatchObject({ state: 'pending', windowsDone: 1 });
    expect(await listMemories()).toHaveLength(1);

    setClock(() => Date.parse('2026-11-02T10:05:00.000Z'));
    await queue.kick();
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job?.state).toBe('done');
    // Window 1 was merged once; every later window once too.
    expect(await listMemories()).toHaveLength(job?.windowsDone ?? 0);
    expect(calls).toBe((job?.windowsDone ?? 0) + 1);
  });
});
