/**
 * Storage full while an extraction answer is being saved: the queue pauses with
 * `storage_full`, the paid answer is kept outside the full store, and once there is room it
 * is written without a second call. QuotaExceededError is injected on the real Dexie table
 * write the commit makes (fake-indexeddb underneath).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { db } from '../../../lib/db/db';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { getPause, liftStoragePause } from '../../../lib/db/queue-state';
import { createSpace } from '../../../lib/db/spaces';
import { now } from '../../../lib/time';
import { FakeAnthropicApi } from '../../fake-api/server';
import { finishedChat, saveMemories, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
beforeEach(() => api.reset());
const figures = { quotaErrors: 0, paidCalls: 0, memoriesLost: 0 };
afterAll(async () => {
  console.info(
    `storage full: ${figures.quotaErrors} quota errors while saving a window, ${figures.paidCalls} paid calls for ${figures.quotaErrors} windows, ${figures.memoriesLost} memories lost`,
  );
  await api.stop();
});

const TURNS = [{ role: 'user' as const, text: 'Call me Lin. I use PostgreSQL 16 in production.' }];
const ANSWER = saveMemories('Intro.', [
  { op: 'add', content: 'Wants to be called Lin', type: 'preference', importance: 5 },
  { op: 'add', content: 'Uses PostgreSQL 16 in production', type: 'fact', importance: 4 },
]);

function quotaError(): Error {
  return Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
}

describe('storage full during extraction', () => {
  it.each([
    ['extension storage', false],
    ['session storage when nothing else has room', true],
  ])('pauses, keeps the answer (%s), and writes it later without paying twice', async (_label, localFull) => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.enqueue(ANSWER, ANSWER);
    const full = vi.spyOn(db.memories, 'bulkPut').mockRejectedValue(quotaError());
    const localSet = localFull ? vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(quotaError()) : null;
    await queue.kick();
    figures.quotaErrors++;
    expect((await getPause(now()))?.reason).toBe('storage_full');
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job?.state).toBe('pending');
    await queue.kick(); // paused: nothing is sent
    expect(api.messageRequests()).toHaveLength(1);

    full.mockRestore(); // the user made room
    localSet?.mockRestore();
    await liftStoragePause();
    await queue.kick();
    figures.paidCalls += api.messageRequests().length;
    expect(api.messageRequests()).toHaveLength(1);
    const stored = (await listMemories()).map((m) => m.content).sort();
    figures.memoriesLost += 2 - stored.length;
    expect(stored).toEqual(['Uses PostgreSQL 16 in production', 'Wants to be called Lin']);
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.state).toBe('done');
  });

  it('a kept answer is written where and as it would have been: its space, and "ask me first"', async () => {
    const work = await createSpace({ name: 'Work', description: '' });
    const { queue } = await setUpQueue(api, { settings: { review: 'ask-first' } });
    const chat = await finishedChat(TURNS);
    await db.chats.update(chat.id, { space: work.id, spaceBy: 'choice' });
    api.enqueue(ANSWER);
    const full = vi.spyOn(db.memories, 'bulkPut').mockRejectedValue(quotaError());
    await queue.kick();
    expect((await getPause(now()))?.reason).toBe('storage_full');
    // Meanwhile the chat is moved out of its space: the answer was judged against Work.
    await db.chats.update(chat.id, { space: undefined, spaceBy: 'none' });
    full.mockRestore();
    await liftStoragePause();
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(1);
    const stored = await db.memories.toArray();
    expect(stored).toHaveLength(2);
    for (const m of stored) {
      expect(m.space).toBe(work.id);
      expect(m).toMatchObject({ status: 'proposed', proposal: { reasons: expect.arrayContaining(['ask-first']) } });
    }
  });
});
