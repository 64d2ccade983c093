/** The page wakes a sleeping worker early, without flooding it with pings. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const send = vi.fn().mockResolvedValue({});
vi.mock('../../../lib/content/send', () => ({ send: (...args: unknown[]) => send(...args) }));
const { createWaker } = await import('../../../lib/content/wake');
/** call() sends on a microtask; let it run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  send.mockClear();
  vi.useRealTimers();
});

describe('the waker', () => {
  it('pings at once, then at most every ten seconds, and again after a reset', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const waker = createWaker();
    waker.wake();
    waker.wake();
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith('ping', {});
    vi.advanceTimersByTime(9_000);
    waker.wake();
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    waker.wake();
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    waker.reset();
    waker.wake();
    await flush();
    expect(send).toHaveBeenCalledTimes(3);
  });
});
