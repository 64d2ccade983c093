/**
 * Extraction through each kind of provider, against a loopback fake that accepts only that
 * provider's auth: the job completes, the key travels only as the provider documents (not at
 * all for a local server, even when one is stored), and usage is priced in the provider's
 * currency or counted as unpriced tokens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { getPause } from '../../../lib/db/queue-state';
import { usageOfDay } from '../../../lib/db/usage';
import { now, utcDay } from '../../../lib/time';
import { FakeAnthropicApi, type FakeAuth } from '../../fake-api/server';
import { finishedChat, KEY, saveMemories, setUpQueue } from './harness';

const TURNS = [
  { role: 'user' as const, text: 'I live in Chengdu and I cycle to work.' },
  { role: 'assistant' as const, text: 'Nice.' },
];
const fakes: FakeAnthropicApi[] = [];
async function fake(auth: FakeAuth, key?: string): Promise<FakeAnthropicApi> {
  const api = new FakeAnthropicApi({ auth, key });
  await api.start();
  fakes.push(api);
  return api;
}
afterEach(async () => {
  for (const f of fakes.splice(0)) await f.stop();
});

async function runOne(api: FakeAnthropicApi, settings: object, key: string | null = KEY) {
  const { queue } = await setUpQueue(api, { settings, key });
  const chat = await finishedChat(TURNS);
  api.enqueue(
    saveMemories(
      'Cycles to work in Chengdu.',
      [{ op: 'add', content: 'Lives in Chengdu', type: 'fact', importance: 4 }],
      {
        input_tokens: 1_000_000,
        output_tokens: 100_000,
      },
    ),
  );
  await queue.kick();
  return getJob(jobIdOf(chat.id, chat.version));
}

describe('extraction per provider', () => {
  it('local preset: no key needed, none sent even though one is stored, cost zero', async () => {
    const api = await fake('none');
    const job = await runOne(api, { provider: 'ollama', model: 'qwen3-coder' }, KEY);
    expect(job).toMatchObject({ state: 'done', outcome: '1 added' });
    const req = api.messageRequests()[0];
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.headers['x-api-key']).toBeUndefined();
    expect(JSON.stringify(api.requests)).not.toContain(KEY);
    expect(await usageOfDay(utcDay())).toMatchObject({ costUsd: 0, calls: 1 });
  });

  it('local preset with no key stored at all does not pause for a key', async () => {
    const api = await fake('none');
    const job = await runOne(api, { provider: 'llamacpp', model: 'local-model' }, null);
    expect(job?.state).toBe('done');
    expect(await getPause(now())).toBeNull();
  });

  it('a preset with x-api-key: the key only in x-api-key, priced in its list (USD)', async () => {
    const api = await fake('x-api-key', KEY);
    const job = await runOne(api, { provider: 'deepseek', model: 'deepseek-flash' });
    expect(job?.state).toBe('done');
    expect(api.messageRequests()[0]?.headers['x-api-key']).toBe(KEY);
    const usage = await usageOfDay(utcDay());
    expect(usage.costUsd).toBeCloseTo(0.3 + 0.12, 10);
    expect(usage.unpricedTokens).toBeUndefined();
  });

  it('a preset without a known price: tokens counted as unpriced, no money made up', async () => {
    const api = await fake('bearer', KEY);
    const job = await runOne(api, { provider: 'zai', model: 'glm-4.7' });
    expect(job?.state).toBe('done');
    expect(await usageOfDay(utcDay())).toMatchObject({ costUsd: 0, unpricedTokens: 1_100_000 });
  });

  it('custom with a chosen auth style sends that style', async () => {
    const api = await fake('x-api-key', KEY);
    expect(await runOne(api, { provider: 'custom', authStyle: 'x-api-key', model: 'm' })).toMatchObject({
      state: 'done',
    });
  });

  it('a provider that takes a key pauses without one, and sends nothing', async () => {
    const other = await fake('bearer');
    const job = await runOne(other, { provider: 'custom', authStyle: 'bearer', model: 'm' }, null);
    expect(job?.state).toBe('pending');
    expect(await getPause(now())).toMatchObject({ reason: 'auth' });
    expect(other.messageRequests()).toHaveLength(0);
  });
});
