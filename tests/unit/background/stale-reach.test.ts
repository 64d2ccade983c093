// @vitest-environment happy-dom
/**
 * A change to what decides a chat's space tells the chat tabs so, and only that: the user's
 * choice in a tab (its record in storage.session) tells that tab, a write to the spaces table
 * (a mapping, a default, an archive) tells every chat tab; a health report tells nobody. A tab
 * told so drops even the block that missed its message and waits for the next one.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { wirePreparedStale } from '../../../entrypoints/background/block/stale';
import { updateTab } from '../../../entrypoints/background/tab-state';
import { Injector } from '../../../lib/content/injector';
import { createSpace } from '../../../lib/db/spaces';
import { PREPARED_STALE } from '../../../lib/protocol/tab-events';
import { pageState } from '../content/page-state';

describe('a chat space change makes blocks stale', () => {
  it('tells the tab whose choice changed, every chat tab on a spaces write, nobody on a health report', async () => {
    const chat = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/c/abc' });
    const other = await fakeBrowser.tabs.create({ url: 'https://claude.ai/chat/xyz' });
    // The fake browser does not match tabs by URL pattern: the two chat tabs are what a query finds.
    vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation((() => Promise.resolve([chat, other])) as never);
    const told = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(undefined);
    wirePreparedStale();
    // A worker start tells every chat tab once, not that the reach changed.
    await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(2));
    expect(told).toHaveBeenCalledWith(chat.id, { type: PREPARED_STALE });
    told.mockClear();
    const base = { site: 'chatgpt' as const, url: 'https://chatgpt.com/c/abc' };
    await updateTab(chat.id!, base, { conversationId: 'abc', healthAt: 'x' });
    await updateTab(chat.id!, base, { choice: { site: 'chatgpt', space: 'sp-a', conversationId: 'abc' } });
    await vi.waitFor(() => expect(told).toHaveBeenCalledWith(chat.id, { type: PREPARED_STALE, reach: true }));
    expect(told).toHaveBeenCalledTimes(1);
    told.mockClear();
    await createSpace({ name: 'Work' });
    await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(2));
    expect(told.mock.calls.map(([id, m]) => [id, m]).sort()).toEqual(
      [
        [chat.id, { type: PREPARED_STALE, reach: true }],
        [other.id, { type: PREPARED_STALE, reach: true }],
      ].sort(),
    );
  });

  it('a page told the reach changed drops the late block; told only stale, carries it', () => {
    const base = pageState([]);
    const state = { ...base, adapter: { ...base.adapter, composer: () => null } } as typeof base;
    const injector = new Injector(state, { notify: () => {} });
    const held = injector as unknown as { late: Promise<unknown> | null };
    const late = Promise.resolve(null);
    held.late = late;
    injector.stale();
    expect(held.late).toBe(late);
    injector.stale(true);
    expect(held.late).toBeNull();
  });
});
