import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { setMemories } from '../../../entrypoints/sidepanel/models/memories';
import { query, remoteScores, setQuery, visible } from '../../../entrypoints/sidepanel/models/memory-view';
import { isKnownMissing, sendOptional } from '../../../entrypoints/sidepanel/models/optional-send';
import { memory } from '../helpers';

type Msg = { type: string; payload: unknown };

/** A background stand-in: answers as Chrome's does (sendResponse, return true). */
function answer(reply: (m: Msg) => unknown): void {
  fakeBrowser.runtime.onMessage.addListener((m: Msg, _sender: unknown, sendResponse: (r: unknown) => void) => {
    sendResponse(reply(m));
    return true;
  });
}

describe('messages from issues not merged yet', () => {
  it('gives undefined for a type the background does not know, and stops asking', async () => {
    const seen: string[] = [];
    answer((m) => {
      seen.push(m.type);
      return { ok: false, error: { code: 'unknown_type', message: 'unknown message type' } };
    });
    expect(await sendOptional('queue.retry', { jobId: 'j' }, z.unknown())).toBeUndefined();
    expect(isKnownMissing('queue.retry')).toBe(true);
    expect(await sendOptional('queue.retry', { jobId: 'j' }, z.unknown())).toBeUndefined();
    expect(seen).toEqual(['queue.retry']);
  });

  it('checks the reply shape and passes real errors on', async () => {
    answer((m) =>
      m.type === 'chat.status'
        ? { ok: true, data: { chatId: 'chatgpt:1', excluded: true } }
        : { ok: false, error: { code: 'failed', message: 'tab 3 has no adapter' } },
    );
    const Reply = z.object({ chatId: z.nullable(z.string()), excluded: z.boolean() });
    expect(await sendOptional('chat.status', { tabId: 3 }, Reply)).toEqual({ chatId: 'chatgpt:1', excluded: true });
    await expect(sendOptional('tab.health', { tabId: 3 }, z.unknown())).rejects.toThrow('tab 3 has no adapter');
  });

  it('lets the background ranker refine the Memories search once it exists', async () => {
    vi.useFakeTimers();
    try {
      const tea = memory({ content: 'Quit coffee, drinks tea now' }, { id: 'tea' });
      const city = memory({ content: 'Lives in Chengdu' }, { id: 'city' });
      setMemories([tea, city]);
      answer((m) =>
        m.type === 'memories.search' ? { ok: true, data: { items: [{ memory: { id: 'tea' }, score: 0.9 }] } } : null,
      );
      setQuery('beverage');
      expect(visible.value).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      expect(query.value).toBe('beverage');
      expect(remoteScores.value?.get('tea')).toBe(0.9);
      expect(visible.value.map((m) => m.id)).toEqual(['tea']);
    } finally {
      vi.useRealTimers();
      setQuery('');
    }
  });
});
