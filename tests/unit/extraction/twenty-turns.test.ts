/**
 * The closing figures, end to end through the fake API: a realistic 20-message chat,
 * three related memories already stored, and the answer a good model gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { listMemories, putMemories } from '../../../lib/db/memories';
import { estimateTokens } from '../../../lib/ranking/render';
import { FakeAnthropicApi } from '../../fake-api/server';
import { aliasOf, finishedChat, saveMemories, sentBody, setUpQueue } from './harness';
import { answerWithAliases, existingRecords, loadTwentyTurns } from './twenty-turns';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());

describe('a realistic 20-message chat', () => {
  it('gives 7 added, 1 updated and 1 superseded (its successor is the 8th new memory), in one call of ~3k input tokens', async () => {
    const fixture = loadTwentyTurns();
    const { queue } = await setUpQueue(api);
    const existing = existingRecords(fixture, '2026-10-01T00:00:00.000Z');
    await putMemories(existing);
    const chat = await finishedChat(fixture.turns, { site: fixture.site, conversationId: fixture.conversationId });
    api.respondWith((req) => {
      const answer = answerWithAliases(fixture, (id) => aliasOf(req, existing.find((m) => m.id === id)?.content ?? ''));
      // Scripted usage = the product's own estimate of what was sent and answered.
      const body = sentBody(req);
      const input =
        estimateTokens(body.system) +
        estimateTokens(body.messages[0]?.content ?? '') +
        estimateTokens(JSON.stringify(body.tools));
      return saveMemories(answer.summary, answer.memories, {
        input_tokens: input,
        output_tokens: estimateTokens(JSON.stringify(answer)),
      });
    });
    await queue.kick();

    expect(api.messageRequests()).toHaveLength(1);
    const job = await getJob(jobIdOf(chat.id, chat.version));
    expect(job?.outcome).toBe('7 added · 1 updated · 1 superseded');
    expect(job?.inputTokens).toBeGreaterThan(2_000);
    expect(job?.inputTokens).toBeLessThan(4_000);
    expect(job?.outputTokens).toBeLessThan(600);
    const active = await listMemories({ status: 'active' });
    expect(active).toHaveLength(10);
    expect(active.find((m) => m.id === 'mem-style')?.content).toBe('Prefers short answers with code first');
    expect((await listMemories({ status: 'superseded' })).map((m) => m.id)).toEqual(['mem-city']);
    // The one-off translation request left nothing behind.
    expect(active.some((m) => m.content.includes('发票'))).toBe(false);
  });
});
