/** The extraction call against the fake Messages API, through the real SDK over HTTP. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listBackups } from '../../../lib/db/backups';
import { getChat } from '../../../lib/db/chats';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { listMemories } from '../../../lib/db/memories';
import { usageOfDay } from '../../../lib/db/usage';
import { TOOL_NAME } from '../../../lib/extraction/extract-schema';
import { utcDay } from '../../../lib/time';
import { apiError, FakeAnthropicApi, textMessage, toolUseMessage } from '../../fake-api/server';
import { finishedChat, saveMemories, sentBody, sentUser, setUpQueue } from './harness';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => api.reset());

const TURNS = [
  { role: 'user' as const, text: 'Hi, I live in Hangzhou and I prefer concise answers.' },
  { role: 'assistant' as const, text: 'Noted! How can I help?' },
  { role: 'user' as const, text: 'Help me pick between Vite and webpack. Going with Vite.' },
];

describe('extraction call', () => {
  it('stores a valid tool answer, records summary, version, usage and a backup', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.enqueue(
      saveMemories(
        'Picked Vite over webpack.',
        [
          { op: 'add', content: 'Lives in Hangzhou', type: 'fact', importance: 4 },
          { op: 'add', content: 'Prefers concise answers', type: 'preference', importance: 3 },
          { op: 'add', content: 'Chose Vite over webpack', type: 'conclusion', importance: 3 },
        ],
        { input_tokens: 812, output_tokens: 133 },
      ),
    );
    await queue.kick();

    const memories = await listMemories({ status: 'active' });
    expect(memories.map((m) => m.content).sort()).toEqual([
      'Chose Vite over webpack',
      'Lives in Hangzhou',
      'Prefers concise answers',
    ]);
    expect(memories.every((m) => m.source?.chatId === chat.id && m.tags.length > 0)).toBe(true);
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job).toMatchObject({ state: 'done', inputTokens: 812, outputTokens: 133, outcome: '3 added' });
    expect(await getChat(chat.id)).toMatchObject({ summary: 'Picked Vite over webpack.', extractedVersion: 1 });
    const usage = await usageOfDay(utcDay());
    expect(usage).toMatchObject({ inputTokens: 812, outputTokens: 133, calls: 1 });
    expect(usage.costUsd).toBeCloseTo((812 * 1 + 133 * 5) / 1e6, 10);
    expect((await listBackups())[0]?.reason).toBe('after extraction');
  });

  it('forces one save_memories tool whose schema comes from zod, with the configured model', async () => {
    const { queue } = await setUpQueue(api, { settings: { model: 'claude-haiku-4-5-20251001' } });
    await finishedChat(TURNS);
    api.enqueue(saveMemories('s', []));
    await queue.kick();
    const body = sentBody(api.messageRequests()[0]);
    expect(body.model).toBe('claude-haiku-4-5-20251001');
    expect(body.tool_choice).toEqual({ type: 'tool', name: TOOL_NAME });
    expect(body.tools.map((t) => t.name)).toEqual([TOOL_NAME]);
    const schema = body.tools[0]?.input_schema as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(['summary', 'memories']);
    expect(JSON.stringify(schema.properties.memories)).toContain('"enum":["add","update","supersede"]');
    expect(sentUser(api.messageRequests()[0])).toContain('Going with Vite.');
  });

  it('asks again after an invalid answer, and stores the valid second one', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.enqueue(
      saveMemories('s', [{ op: 'add', content: 'Lives in Hangzhou', type: 'fact', importance: 9 }]),
      saveMemories('s', [{ op: 'add', content: 'Lives in Hangzhou', type: 'fact', importance: 4 }]),
    );
    await queue.kick();
    const [first, second] = api.messageRequests();
    expect(sentUser(first)).not.toContain('previous answer was invalid');
    expect(sentUser(second)).toContain('Your previous answer was invalid (tool input: memories[0].importance');
    expect((await listMemories()).map((m) => m.content)).toEqual(['Lives in Hangzhou']);
    // Both answers were billed, so both count.
    expect((await usageOfDay(utcDay())).calls).toBe(2);
    expect(await getJob(jobIdOf(chat.id, chat.version))).toMatchObject({ state: 'done', inputTokens: 1800 });
  });

  it('fails the job with a readable reason after two invalid answers', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.enqueue(
      { body: textMessage('Sure! Here are the memories: ...') },
      {
        body: toolUseMessage(TOOL_NAME, {
          summary: 's',
          memories: [{ op: 'merge', content: 'x', type: 'fact', importance: 3 }],
        }),
      },
    );
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(2);
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job?.state).toBe('failed');
    expect(job?.lastError).toBe(
      'The model answered in the wrong format twice: tool input: memories[0].op: expected "add" | "update" | "supersede", got "merge".',
    );
    expect(await listMemories()).toEqual([]);
    expect((await getChat(chat.id))?.extractedVersion).toBe(0);
  });

  it('fails the job with the API message on 400, without retrying', async () => {
    const { queue } = await setUpQueue(api);
    const chat = await finishedChat(TURNS);
    api.enqueue(apiError(400, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum'));
    await queue.kick();
    expect(api.messageRequests()).toHaveLength(1);
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job).toMatchObject({ state: 'failed' });
    expect(job?.lastError).toContain('prompt is too long: 210000 tokens > 200000 maximum');
  });
});
