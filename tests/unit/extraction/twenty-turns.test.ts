/**
 * A realistic 20-message chat end to end through the fake API: three related memories already
 * stored, and the answer a good model gives plus one item a careless model adds from the
 * one-off translation request, carrying a card number. Token counts come from the reference
 * tokenizer (@anthropic-ai/tokenizer), independent of the product's own estimate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceTokens } from '../../../bench/lib/reference-tokens';
import { getJob, jobIdOf } from '../../../lib/db/jobs';
import { listMemories, putMemories } from '../../../lib/db/memories';
import type { ExtractedMemory } from '../../../lib/extraction/extract-schema';
import { estimateTokens } from '../../../lib/ranking/tokens';
import { FakeAnthropicApi } from '../../fake-api/server';
import { aliasOf, finishedChat, saveMemories, sentBody, setUpQueue } from './harness';
import { answerWithAliases, existingRecords, loadTwentyTurns } from './twenty-turns';

const api = new FakeAnthropicApi();
beforeAll(() => api.start());
afterAll(() => api.stop());

/** What a model should not have kept: the translation turn, with a card number in it. */
const CARELESS: ExtractedMemory = {
  op: 'add',
  content: '同事的发票已定稿，付款卡号 4111 1111 1111 1111',
  type: 'fact',
  importance: 2,
};

describe('a realistic 20-message chat', () => {
  it('gives 6 added, 1 superseded and 2 waiting for review (a name and a style would go into every message), in one call of ~3k input tokens', {
    timeout: 30_000,
  }, async () => {
    const fixture = loadTwentyTurns();
    const { queue } = await setUpQueue(api);
    const existing = existingRecords(fixture, '2026-10-01T00:00:00.000Z');
    await putMemories(existing);
    const chat = await finishedChat(fixture.turns, { site: fixture.site, conversationId: fixture.conversationId });
    let sent = '';
    api.respondWith((req) => {
      const good = answerWithAliases(fixture, (id) => aliasOf(req, existing.find((m) => m.id === id)?.content ?? ''));
      const answer = { ...good, memories: [...good.memories, CARELESS] };
      const body = sentBody(req);
      sent = [body.system, body.messages[0]?.content ?? '', JSON.stringify(body.tools)].join('\n');
      return saveMemories(answer.summary, answer.memories, {
        input_tokens: referenceTokens(sent),
        output_tokens: referenceTokens(JSON.stringify(answer)),
      });
    });
    await queue.kick();

    expect(api.messageRequests()).toHaveLength(1);
    const job = await getJob(jobIdOf(chat.id, chat.version));
    // The name to call the user by and the new answer style would go into every message: both wait.
    expect(job?.outcome).toBe('6 added · 1 superseded · 2 waiting for review · 1 dropped by the privacy filter');
    expect(job?.inputTokens).toBeGreaterThan(2_000);
    expect(job?.inputTokens).toBeLessThan(4_000);
    expect(job?.outputTokens).toBeLessThan(600);
    // The budget the product plans with is its own estimate: close to the reference here.
    expect(Math.abs(estimateTokens(sent) - (job?.inputTokens ?? 0)) / (job?.inputTokens ?? 1)).toBeLessThan(0.15);
    const active = await listMemories({ status: 'active' });
    expect(active).toHaveLength(9);
    expect(active.find((m) => m.id === 'mem-style')?.content).toBe('Prefers concise answers');
    const proposed = await listMemories({ status: 'proposed' });
    expect(proposed.map((m) => [m.content, m.proposal]).sort()).toEqual([
      ['Prefers short answers with code first', { reasons: ['every-message'], changes: 'mem-style' }],
      ['User wants to be called Lin', { reasons: ['every-message'] }],
    ]);
    expect((await listMemories({ status: 'superseded' })).map((m) => m.id)).toEqual(['mem-city']);
    // The translation turn reached the model, and what the model wrongly kept from it did not reach the store.
    expect(sent).toContain('发票已定稿');
    expect(active.some((m) => m.content.includes('发票') || m.content.includes('4111'))).toBe(false);
  });
});
