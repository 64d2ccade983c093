import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

describe("This tab's exclude switch", () => {
  it('keeps switched-off memories out of that tab’s real injection, and only that tab’s', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/c/abc' });
    const other = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/c/def' });
    const rust = memory({ content: 'Writes the backend in Rust with Axum', importance: 4 }, { id: 'rust' });
    const tokio = memory({ content: 'Prefers Tokio for async Rust services', type: 'preference' }, { id: 'tokio' });
    await db.memories.bulkPut([rust, tokio]);
    const draft = {
      type: 'inject.prepare',
      payload: { draft: 'Help me structure my Rust backend with Axum and Tokio' },
    };

    const before = await route(draft, contentSender('https://chatgpt.com/c/abc', tab.id));
    expect(before).toMatchObject({ ok: true });
    expect((before as { data: { memoryIds: string[] } }).data.memoryIds.sort()).toEqual(['rust', 'tokio']);

    expect(await route({ type: 'tab.exclude', payload: { tabId: tab.id, ids: ['rust'] } }, extensionSender)).toEqual({
      ok: true,
      data: { excluded: 1 },
    });
    const after = await route(draft, contentSender('https://chatgpt.com/c/abc', tab.id));
    expect((after as { data: { memoryIds: string[]; block: string } }).data.memoryIds).toEqual(['tokio']);
    expect((after as { data: { block: string } }).data.block).not.toContain('Axum');

    const elsewhere = await route(draft, contentSender('https://chatgpt.com/c/def', other.id));
    expect((elsewhere as { data: { memoryIds: string[] } }).data.memoryIds.sort()).toEqual(['rust', 'tokio']);
  });

  it('cannot be set by a page, nor for a tab that is not a chat site', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/' });
    expect(
      await route(
        { type: 'tab.exclude', payload: { tabId: tab.id, ids: [] } },
        contentSender('https://chatgpt.com/c/1'),
      ),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await route({ type: 'tab.exclude', payload: { tabId: tab.id, ids: [] } }, extensionSender)).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });
});
