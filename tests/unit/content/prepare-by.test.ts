/** The block by the deadline: asked again after a fast failure, handed on when it is late. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const send = vi.fn();
vi.mock('../../../lib/content/send', () => ({ send: (...args: unknown[]) => send(...args) }));
const { createPreparer, prepareBy } = await import('../../../lib/content/prepare');

const BLOCK = { block: 'B', token: 't', memoryIds: ['m'], tokens: 3 };

afterEach(() => {
  send.mockReset();
});

describe('prepareBy', () => {
  it('asks once more when the first request fails at once (a worker starting or stopping)', async () => {
    send.mockRejectedValueOnce(new Error('Receiving end does not exist')).mockResolvedValueOnce(BLOCK);
    const got = await prepareBy(createPreparer(), 'draft', performance.now() + 300, null);
    expect(got).toEqual({ prepared: BLOCK, late: null });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('hands on a request still out at the deadline, which may yet bring the block', async () => {
    let answer: (v: unknown) => void = () => {};
    send.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const got = await prepareBy(createPreparer(), 'draft', performance.now() + 30, null);
    expect(got.prepared).toBeNull();
    expect(got.late).not.toBeNull();
    answer(BLOCK);
    expect(await got.late).toEqual(BLOCK);
  });

  it('gives up after two failures, with nothing late', async () => {
    send.mockRejectedValue(new Error('down'));
    expect(await prepareBy(createPreparer(), 'draft', performance.now() + 300, null)).toEqual({
      prepared: null,
      late: null,
    });
    expect(send).toHaveBeenCalledTimes(2);
  });
});
