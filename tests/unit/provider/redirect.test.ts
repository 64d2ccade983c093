/**
 * No model call follows a redirect. A provider (here a loopback one, which needs no notice) that
 * answers 301/302/307/308 pointing at another origin must not get the draft, the chat or the
 * key delivered there: every call kind, through the real router and the real SDK, against two
 * real HTTP servers on this computer (different ports, so different origins). The call fails
 * with a message the panel can show, and the key is in none of it.
 * Same-origin redirects are refused too: a browser's `redirect: 'manual'` hides where the
 * redirect points, so the extension cannot tell the two apart, and no provider needs either.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { indexSettled } from '../../../lib/db/memory-index-source';
import { getPause } from '../../../lib/db/queue-state';
import { recentRequestCalls } from '../../../lib/db/request-calls';
import { saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { defaultSettings } from '../../../lib/settings/schema';
import { FakeAnthropicApi } from '../../fake-api/server';
import { askForDraft } from '../background/ask-draft';
import { finishedChat, KEY, setUpQueue } from '../extraction/harness';
import { extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
type Reply = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
const send = (type: string, payload: unknown = {}) => route({ type, payload }, extensionSender) as Promise<Reply>;

/** Where the redirect points: must never hear anything. */
const elsewhere = new FakeAnthropicApi();
/** The configured provider: answers every request with a redirect to `elsewhere`. */
const provider = new FakeAnthropicApi();
let status = 307;
let sameOrigin = false;

beforeAll(async () => {
  await elsewhere.start();
  await provider.start();
});
afterAll(async () => {
  await provider.stop();
  await elsewhere.stop();
});
beforeEach(async () => {
  elsewhere.reset();
  provider.reset();
  provider.respondWith((req) => ({
    status,
    headers: { location: `${sameOrigin ? provider.url : elsewhere.url}${req.path}` },
    body: '',
  }));
  // A custom endpoint that takes the key in x-api-key: the header a redirect would carry along.
  await saveSettings({
    ...defaultSettings(),
    provider: 'custom',
    authStyle: 'x-api-key',
    baseUrl: provider.url,
    model: 'local-model',
  });
  await saveApiKey(KEY);
});
afterEach(() => {
  sameOrigin = false;
});

/** Nothing reached the other origin, the provider heard exactly what it was asked once per call. */
function nothingFollowed(calls = 1) {
  expect(elsewhere.requests).toEqual([]);
  expect(provider.messageRequests()).toHaveLength(calls);
  // A same-origin redirect is not followed either: no second request to the provider.
  expect(provider.requests).toHaveLength(calls);
}

function keyless(value: unknown) {
  expect(JSON.stringify(value)).not.toContain(KEY);
}

const KINDS = [301, 302, 307, 308];

describe('a redirect from the provider is not followed', () => {
  for (const code of KINDS) {
    it(`Test connection: ${code} to another origin reaches nothing there, and says why`, async () => {
      status = code;
      const reply = await send('connection.test', {});
      nothingFollowed();
      expect(reply).toMatchObject({ ok: true, data: { ok: false, problem: 'redirect' } });
      // The line under the result names the address that redirected, not the SDK's "Connection error.".
      expect(reply).toMatchObject({ data: { detail: expect.stringContaining(new URL(provider.url).host) } });
      keyless(reply);
    });
  }

  it('Test connection: a redirect to the same origin is refused as well', async () => {
    sameOrigin = true;
    const reply = await send('connection.test', {});
    nothingFollowed();
    expect(reply).toMatchObject({ ok: true, data: { ok: false, problem: 'redirect' } });
  });

  it('extraction: the chat does not go elsewhere, the queue pauses with a message to act on', async () => {
    const { queue } = await setUpQueue(provider, {
      settings: { provider: 'custom', authStyle: 'x-api-key', model: 'local-model' },
    });
    const chat = await finishedChat([{ role: 'user', text: 'I moved to Chengdu last month and love the food.' }]);
    await queue.kick();
    nothingFollowed();
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job?.lastError).toMatch(/redirect/i);
    keyless(job);
    expect((await getPause(new Date().toISOString()))?.reason).toBe('config');
  });

  it('request keywords: the draft does not go elsewhere', async () => {
    const tabId = 4242;
    expect(await askForDraft(tabId, 'Plan a week of dinners for two small children who dislike spicy food')).toBe(
      'failed',
    );
    nothingFollowed();
    const calls = await recentRequestCalls(10);
    keyless(calls);
  });

  it('Add keywords: no memory goes elsewhere, the panel is told why', async () => {
    await db.memories.bulkPut([memory({ content: 'User repaired a bicycle chain last spring' })]);
    const reply = await send('keywords.add');
    nothingFollowed();
    keyless(reply);
    expect(reply).toMatchObject({ ok: false });
    if (!reply.ok) expect(reply.error.message).toMatch(/redirect/i);
  });

  it('tidy-up: no memory goes elsewhere, the panel is told why', async () => {
    await db.memories.bulkPut([
      memory({ content: "User's cat is called Zorblax" }, { updatedAt: '2026-10-01T08:00:00.000Z' }),
      memory({ content: 'User has a cat called Zorblax' }, { updatedAt: '2026-11-01T08:00:00.000Z' }),
      memory({ content: "User's dog is called Quimby" }, { updatedAt: '2026-10-01T08:00:00.000Z' }),
      memory({ content: 'User has a dog called Quimby' }, { updatedAt: '2026-11-01T08:00:00.000Z' }),
    ]);
    await indexSettled();
    const estimate = await send('tidy.estimate');
    if (!estimate.ok) throw new Error(estimate.error.message);
    const { inputTokens, outputTokens } = estimate.data as { inputTokens: number; outputTokens: number };
    const reply = await send('tidy.run', { confirmedTokens: inputTokens + outputTokens });
    nothingFollowed();
    keyless(reply);
    expect(reply).toMatchObject({ ok: false });
    if (!reply.ok) expect(reply.error.message).toMatch(/redirect/i);
  });

  it('bring-in refine: no note goes elsewhere, the panel is told why', async () => {
    const items = [{ content: 'Is allergic to peanuts.', type: 'fact', importance: 3 }];
    const reply = await send('bringIn.refine', { items });
    nothingFollowed();
    keyless(reply);
    expect(reply).toMatchObject({ ok: false });
    if (!reply.ok) expect(reply.error.message).toMatch(/redirect/i);
  });
});
