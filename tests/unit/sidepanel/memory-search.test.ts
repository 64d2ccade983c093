import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { setMemories } from '../../../entrypoints/sidepanel/models/memories';
import { query, remoteScores, setQuery, visible } from '../../../entrypoints/sidepanel/models/memory-view';
import { memory } from '../helpers';

type Msg = { type: string; payload: unknown };

/** A background stand-in: answers as Chrome's does (sendResponse, return true). */
function answer(reply: (m: Msg) => unknown): void {
  fakeBrowser.runtime.onMessage.addListener((m: Msg, _sender: unknown, sendResponse: (r: unknown) => void) => {
    sendResponse(reply(m));
    return true;
  });
}

const PARTS = { text: 0.5, intent: 0, importance: 0.3, recency: 0, hits: 0, feedback: 0 };

describe('Memories search', () => {
  it('lets the background ranker refine and extend the local match', async () => {
    vi.useFakeTimers();
    try {
      const tea = memory({ content: 'Quit coffee, drinks tea now' }, { id: 'tea' });
      const city = memory({ content: 'Lives in Chengdu' }, { id: 'city' });
      setMemories([tea, city]);
      answer((m) =>
        m.type === 'memories.search'
          ? { ok: true, data: { results: [{ memory: tea, score: 0.9, parts: PARTS, conflictsWith: null, tokens: 9 }] } }
          : null,
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

  it('keeps the local match when the ranker fails', async () => {
    vi.useFakeTimers();
    try {
      setMemories([memory({ content: 'Lives in Chengdu' }, { id: 'city' })]);
      answer(() => ({ ok: false, error: { code: 'failed', message: 'index not ready' } }));
      setQuery('成都 chengdu');
      await vi.advanceTimersByTimeAsync(200);
      setQuery('chengdu');
      await vi.advanceTimersByTimeAsync(200);
      expect(visible.value.map((m) => m.id)).toEqual(['city']);
    } finally {
      vi.useRealTimers();
      setQuery('');
    }
  });
});
