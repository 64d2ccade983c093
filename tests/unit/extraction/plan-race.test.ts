/**
 * The merge plan is decided outside the store's write transaction, over what the store read.
 * A write that lands between the read and the apply (a pin, a hand edit, a delete, the same
 * memory added by hand, the space deleted) must not be undone or doubled: the store refuses the
 * plan (STALE, nothing written) and the committer decides again over a fresh read; overtaken
 * on every try, the runner keeps the paid answer aside and writes it on its next try.
 */
import { describe, expect, it, vi } from 'vitest';
import { recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { applyWindow, readWindow, STALE, type WindowAnswer } from '../../../lib/db/extraction';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { deleteMemories, listMemories, putMemories, updateMemory } from '../../../lib/db/memories';
import { parkedAnswer } from '../../../lib/db/parked';
import { claimSends, recordSend, userTurnKeys } from '../../../lib/db/sends';
import { deleteSpace } from '../../../lib/db/space-delete';
import { createSpace } from '../../../lib/db/spaces';
import type { ExtractedMemory } from '../../../lib/extraction/extract-schema';
import { planWindow } from '../../../lib/extraction/window-plan';
import { commitWindow, PlanOvertakenError } from '../../../lib/queue/commit-window';
import { memory, runningJob } from '../helpers';
import { finishedChat, saveMemories, setUpQueue, withFakeApi } from './harness';

/** A write started while a plan is decided, as a hand edit landing in that moment would be. */
const between = vi.hoisted(() => ({ write: null as null | (() => unknown) }));
vi.mock('../../../lib/extraction/window-plan', async (actual) => {
  const real = await actual<typeof import('../../../lib/extraction/window-plan')>();
  return {
    ...real,
    planWindow: (...args: Parameters<typeof real.planWindow>) => {
      void between.write?.();
      return real.planWindow(...args);
    },
  };
});

const api = withFakeApi();
const TEXT = 'I moved from Lisbon to Porto';
const LISBON = memory({ content: 'Lives in Lisbon' }, { id: 'home' });

async function answerFor(items: ExtractedMemory[], over: Partial<WindowAnswer> = {}): Promise<WindowAnswer> {
  await recordSend(3, 'claude', TEXT);
  const chat = await recordCapture({
    site: 'claude',
    conversationId: 'moving',
    url: 'https://claude.ai/chat/moving',
    title: 'Moving',
    turns: [{ role: 'user', text: TEXT }],
  });
  await claimSends(3, chat!);
  await db.jobs.put(runningJob('job-race', chat!.id));
  return {
    jobId: 'job-race',
    runner: 'r1',
    window: 0,
    lastWindow: true,
    chatVersion: 1,
    turns: await userTurnKeys(chat!.turns),
    fromAssistant: [],
    summary: 'moving',
    items,
    aliases: new Map([['m1', 'home']]),
    source: { site: 'claude', url: chat!.url, chatId: chat!.id },
    patterns: [],
    ...over,
  };
}

/** Reads and plans, lets `between` write, then applies: the plan must be refused untouched. */
async function refusedAfter(answer: WindowAnswer, between: () => Promise<unknown>) {
  const read = await readWindow(answer);
  const plan = planWindow(answer, read!);
  await between();
  const before = await db.memories.toArray();
  expect(await applyWindow(answer, read!, plan)).toBe(STALE);
  expect(await db.memories.toArray()).toEqual(before);
  expect((await db.jobs.get('job-race'))?.windowsDone ?? 0).toBe(0);
}

const porto: ExtractedMemory = { op: 'update', target: 'm1', content: 'Lives in Porto', type: 'fact', importance: 3 };

describe('a write between the read and the apply of a window plan', () => {
  it('a pin is not undone: the change waits for review and the pinned memory keeps its text', async () => {
    await putMemories([LISBON]);
    const answer = await answerFor([porto]);
    await refusedAfter(answer, () => updateMemory('home', { pinned: true }));
    const plan = await commitWindow(answer);
    expect(plan?.stats).toMatchObject({ updated: 0, proposed: 1 });
    expect(await db.memories.get('home')).toMatchObject({ content: 'Lives in Lisbon', pinned: true });
  });

  it('a hand edit is not overwritten', async () => {
    await putMemories([LISBON]);
    const answer = await answerFor([porto]);
    await refusedAfter(answer, () => updateMemory('home', { content: 'Lives in Braga' }));
    await commitWindow(answer);
    expect((await db.memories.get('home'))?.content).toBe('Lives in Braga');
  });

  it('a deleted memory is not brought back', async () => {
    await putMemories([LISBON]);
    const answer = await answerFor([porto]);
    await refusedAfter(answer, () => deleteMemories(['home']));
    await commitWindow(answer);
    expect(await db.memories.get('home')).toBeUndefined();
    const active = await db.memories.where('status').equals('active').toArray();
    expect(active.map((m) => m.content)).toEqual(['Lives in Porto']);
  });

  it('the same memory added by hand meanwhile is known, not doubled', async () => {
    const cello: ExtractedMemory = { op: 'add', content: 'Plays the cello', type: 'fact', importance: 3 };
    const answer = await answerFor([cello]);
    await refusedAfter(answer, () => putMemories([memory({ content: 'Plays the cello' }, { id: 'by-hand' })]));
    const plan = await commitWindow(answer);
    expect(plan?.stats).toMatchObject({ added: 0, unchanged: 1 });
    expect(await db.memories.count()).toBe(1);
  });

  it('a space deleted meanwhile gets nothing filed in it', async () => {
    const space = await createSpace({ name: 'Work', description: 'the job', isolated: true });
    const item: ExtractedMemory = { op: 'add', content: 'Ships on Fridays', type: 'fact', importance: 3 };
    const answer = await answerFor([item], { space: space.id });
    await refusedAfter(answer, () => deleteSpace(space.id, 'delete'));
    await commitWindow(answer);
    const [stored] = await db.memories.toArray();
    expect(stored?.space).toBeUndefined();
    expect(stored?.proposal?.reasons).toContain('space-gone');
  });

  it('with nothing in between the plan is applied as read', async () => {
    await putMemories([LISBON]);
    const answer = await answerFor([porto]);
    const read = await readWindow(answer);
    const applied = await applyWindow(answer, read!, planWindow(answer, read!));
    expect(applied).not.toBe(STALE);
    expect((await db.memories.get('home'))?.content).toBe('Lives in Porto');
    expect((await db.jobs.get('job-race'))?.state).toBe('done');
  });

  it('overtaken on every try: nothing is written and the committer says so (the runner keeps the answer)', async () => {
    await putMemories([LISBON]);
    const answer = await answerFor([porto]);
    let writes = 0;
    between.write = () => updateMemory('home', { note: `edit ${++writes}` });
    try {
      await expect(commitWindow(answer)).rejects.toThrow(PlanOvertakenError);
    } finally {
      between.write = null;
    }
    expect(writes).toBe(8);
    expect((await db.memories.get('home'))?.content).toBe('Lives in Lisbon');
    expect((await db.jobs.get('job-race'))?.windowsDone ?? 0).toBe(0);
  });

  it('the runner keeps an overtaken answer aside and writes it on its next try without a second call', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat([{ role: 'user', text: 'I play the cello.' }]);
    api.enqueue(saveMemories('Music.', [{ op: 'add', content: 'Plays the cello', type: 'fact', importance: 3 }]));
    // Every try of the first commit is overtaken; the job goes back in line and is taken again.
    let others = 0;
    between.write = () => (others < 8 ? putMemories([memory({ content: `Unrelated note ${++others}` })]) : null);
    try {
      await queue.kick();
    } finally {
      between.write = null;
    }
    const job = jobIdOf(chat.id, chat.version);
    expect(others).toBe(8);
    expect(api.messageRequests()).toHaveLength(1);
    expect((await listMemories()).map((m) => m.content)).toContain('Plays the cello');
    expect((await getJob(job))?.state).toBe('done');
    expect(await parkedAnswer(job)).toBeNull();
  });
});
