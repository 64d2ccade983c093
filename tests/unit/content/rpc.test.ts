/** Page-to-background calls never throw and never wait past their deadline. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const send = vi.fn();
vi.mock('../../../lib/content/send', () => ({ send: (...args: unknown[]) => send(...args) }));
const { call, until } = await import('../../../lib/content/rpc');
const { createPreparer } = await import('../../../lib/content/prepare');
const { isSendKey } = await import('../../../lib/content/keys');

afterEach(() => {
  send.mockReset();
  vi.useRealTimers();
});

describe('call', () => {
  it('resolves to the reply', async () => {
    send.mockResolvedValue({ enabled: true, mode: 'auto' });
    expect(await call('site.config', {}, 100)).toEqual({ enabled: true, mode: 'auto' });
  });

  it('resolves to null when the worker fails, throws synchronously or never answers', async () => {
    send.mockRejectedValueOnce(new Error('port closed'));
    expect(await call('ping', {}, 100)).toBeNull();
    send.mockImplementationOnce(() => {
      throw new Error('Extension context invalidated');
    });
    expect(await call('ping', {}, 100)).toBeNull();
  });

  it('gives up on a worker that never answers exactly at its deadline', async () => {
    vi.useFakeTimers();
    send.mockReturnValueOnce(new Promise(() => {}));
    let settled = false;
    const reply = call('ping', {}, 50).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await reply).toBeNull();
  });

  it('until() gives up at its deadline', async () => {
    const never = new Promise<string | null>(() => {});
    expect(await until(never, performance.now() + 20)).toBeNull();
    expect(await until(Promise.resolve('ok'), performance.now() + 20)).toBe('ok');
  });
});

describe('the preparer', () => {
  it('reuses the request for the same draft and asks again after a failure', async () => {
    send.mockResolvedValueOnce(null).mockResolvedValue({ block: 'B', token: 't', memoryIds: [], tokens: 1 });
    const preparer = createPreparer();
    expect(await preparer.forDraft('hello  world')).toBeNull();
    const first = preparer.forDraft('hello world');
    expect(preparer.forDraft('hello\nworld')).toBe(first);
    expect((await first)?.block).toBe('B');
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('isSendKey', () => {
  const key = (init: KeyboardEventInit & { keyCode?: number }) =>
    ({ key: 'Enter', isComposing: false, keyCode: 13, ...init }) as KeyboardEvent;
  it('is Enter alone, outside an IME composition', () => {
    expect(isSendKey(key({}))).toBe(true);
    expect(isSendKey(key({ shiftKey: true }))).toBe(false);
    expect(isSendKey(key({ isComposing: true }))).toBe(false);
    expect(isSendKey(key({ keyCode: 229 }))).toBe(false);
    expect(isSendKey(key({ key: 'a' }))).toBe(false);
  });
});
