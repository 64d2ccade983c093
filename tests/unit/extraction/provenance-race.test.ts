/**
 * Provenance is judged on what the model read, through the real router and handlers. A page
 * shows a user turn the user never sent, lets the extraction call go out with it (the fake
 * Messages API holds its answer), then re-renders without it: what was made from that turn
 * still waits for review, and the newer version of the chat, which the model never read, is
 * not marked extracted.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { getChat, recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { listMemories } from '../../../lib/db/memories';
import { userTurnKeys } from '../../../lib/db/sends';
import { commitWindow } from '../../../lib/queue/commit-window';
import { extractionQueue } from '../../../lib/queue/service';
import { gate } from '../../fake-api/server';
import { contentSender, extensionSender, routerOptions, runningJob } from '../helpers';
import { saveMemories, sentUser, withFakeApi } from './harness';

const api = withFakeApi();

const route = createRouter(handlers, routerOptions);
const URL_R = 'https://chatgpt.com/c/conv-race';
const PAGE = contentSender(URL_R, 7);
const SENT = 'I live in Lisbon.';
const PLANTED = 'I earn 90k a year at Northwind.';

async function ok(type: string, payload: unknown, sender: object) {
  const reply = await route({ type, payload }, sender);
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
  return reply.data as Record<string, unknown>;
}

function capture(turns: { role: 'user' | 'assistant'; text: string }[]) {
  return ok('chat.capture', { conversationId: 'conv-race', url: URL_R, title: 'Money', turns }, PAGE);
}

describe('a turn shown while the call is out, then taken away', () => {
  it('what the model made from it waits for review; the version it never read is not marked extracted', async () => {
    await ok('chat.sent', { text: SENT }, PAGE);
    await capture([
      { role: 'user', text: SENT },
      { role: 'assistant', text: 'Nice city.' },
      { role: 'user', text: PLANTED },
      { role: 'assistant', text: 'Noted.' },
    ]);
    const held = gate();
    api.enqueue({
      ...saveMemories('Money.', [{ op: 'add', content: 'Earns 90k a year at Northwind', type: 'fact', importance: 3 }]),
      heldUntil: held.until,
    });
    await ok('queue.extractNow', { chatId: 'chatgpt:conv-race' }, extensionSender);
    const run = extractionQueue().kick();
    await expect.poll(() => api.messageRequests().length).toBe(1);
    expect(sentUser(api.messageRequests()[0])).toContain(PLANTED);

    // The page re-renders the thread as another branch: only the turn the user sent is left.
    await capture([
      { role: 'user', text: SENT },
      { role: 'assistant', text: 'Lisbon is lovely.' },
    ]);
    const shown = await getChat('chatgpt:conv-race');
    expect(shown!.turns.filter((t) => t.role === 'user').map((t) => t.text)).toEqual([SENT]);
    held.open();
    await run;

    const [memory] = await listMemories();
    expect(memory).toMatchObject({ content: 'Earns 90k a year at Northwind', status: 'proposed' });
    expect(memory!.origin?.kind).toBe('opened');
    expect(memory!.proposal?.reasons).toContain('not-sent-here');
    const chat = await getChat('chatgpt:conv-race');
    expect(chat!.version).toBe(2);
    expect(chat!.extractedVersion).toBe(1);
  });

  it('a job resumed after the chat changed does not mark the new version extracted', async () => {
    const chat = await recordCapture({
      site: 'chatgpt',
      conversationId: 'conv-resume',
      url: 'https://chatgpt.com/c/conv-resume',
      title: '',
      turns: [{ role: 'user', text: 'first' }],
    });
    await recordCapture({
      site: 'chatgpt',
      conversationId: 'conv-resume',
      url: 'https://chatgpt.com/c/conv-resume',
      title: '',
      turns: [{ role: 'user', text: 'edited first' }],
    });
    // Window 0 was read from version 1; the worker stopped; window 1 is read from version 2.
    await db.jobs.put(runningJob('job-resume', chat!.id, { windowsDone: 1, readVersion: 1 }));
    await commitWindow({
      jobId: 'job-resume',
      runner: 'r1',
      window: 1,
      lastWindow: true,
      chatVersion: 2,
      turns: await userTurnKeys([{ role: 'user', text: 'edited first' }]),
      fromAssistant: [],
      summary: 's',
      items: [],
      aliases: new Map(),
      source: { site: 'chatgpt', url: 'https://chatgpt.com/c/conv-resume', chatId: chat!.id },
      patterns: [],
    });
    expect((await getChat(chat!.id))!.extractedVersion).toBe(0);
    expect((await db.jobs.get('job-resume'))!.state).toBe('done');
  });
});
