/**
 * "Check again" on the degraded banner: the start-up check once more, through the real router.
 * A fault that has passed clears degraded mode with every record where it was; only the side
 * panel may ask.
 */
import { describe, expect, it, vi } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { checkIntegrity, storeDegraded } from '../../../lib/db/integrity';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
type Reply = { ok: true; data: { degraded: unknown; memories: number } } | { ok: false; error: { code: string } };

describe('store.recheck', () => {
  it('clears degraded mode once the store reads again, keeping every record', async () => {
    await db.memories.bulkPut([memory({ content: 'first of two' }), memory({ content: 'second of two' })]);
    const fault = vi
      .spyOn(db.memories, 'count')
      .mockRejectedValue(Object.assign(new Error('backing store'), { name: 'UnknownError' }));
    expect((await checkIntegrity({ retryDelaysMs: [0, 0, 0] })).degraded).not.toBeNull();
    fault.mockRestore();

    const reply = (await route({ type: 'store.recheck', payload: {} }, extensionSender)) as Reply;
    if (!reply.ok) throw new Error(JSON.stringify(reply));
    expect(reply).toMatchObject({ ok: true, data: { degraded: null, memories: 2 } });
    expect(await storeDegraded()).toBeNull();
  });

  it('is not a chat page’s to ask', async () => {
    const reply = (await route(
      { type: 'store.recheck', payload: {} },
      contentSender('https://chatgpt.com/c/1'),
    )) as Reply;
    expect(reply.ok).toBe(false);
  });
});
