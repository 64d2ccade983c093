/**
 * The block session is per tab, whichever window holds the tab: a block warmed in one tab is
 * never handed to another tab of the same site (each is composed for its own tab's record), and
 * a follow-up without a chat id reaches only the injection recorded in its own tab.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

async function ok<T>(message: unknown, sender: object): Promise<T> {
  const reply = await route(message, sender);
  if (!reply.ok) throw new Error(`${JSON.stringify(message)} → ${reply.error.message}`);
  return reply.data as T;
}

const DRAFT = 'Help me structure my Rust backend with Axum and Tokio';

async function twoWindows() {
  const first = await fakeBrowser.windows.create({});
  const second = await fakeBrowser.windows.create({});
  const here = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/', windowId: first?.id });
  const there = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/', windowId: second?.id });
  await db.memories.bulkPut([
    memory({ content: 'Writes the backend in Rust with Axum', importance: 4 }, { id: 'rust' }),
    memory({ content: 'Prefers Tokio for async Rust services', type: 'preference' }, { id: 'tokio' }),
  ]);
  return {
    here: contentSender('https://chatgpt.com/', here.id),
    there: contentSender('https://chatgpt.com/', there.id),
    hereId: here.id as number,
  };
}

describe('a block session per tab, across windows', () => {
  it("hands a tab only the block composed for that tab, never another window's warmed one", async () => {
    const { here, there, hereId } = await twoWindows();
    await ok({ type: 'tab.exclude', payload: { tabId: hereId, ids: ['rust'] } }, extensionSender);
    const warm = await ok<{ block: string | null }>(
      { type: 'inject.prepare', payload: { draft: DRAFT, use: 'warm' } },
      here,
    );
    expect(warm.block).toBeNull();
    const sentThere = await ok<{ memoryIds: string[] }>(
      { type: 'inject.prepare', payload: { draft: DRAFT, use: 'send' } },
      there,
    );
    expect(sentThere.memoryIds.sort()).toEqual(['rust', 'tokio']);
    const sentHere = await ok<{ memoryIds: string[] }>(
      { type: 'inject.prepare', payload: { draft: DRAFT, use: 'send' } },
      here,
    );
    expect(sentHere.memoryIds).toEqual(['tokio']);
  });

  it("reads a follow-up without a chat id against its own tab's injection only", async () => {
    const { here, there } = await twoWindows();
    const prepared = await ok<{ token: string }>(
      { type: 'inject.prepare', payload: { draft: DRAFT, use: 'send' } },
      here,
    );
    expect(await ok({ type: 'inject.record', payload: { token: prepared.token, chatId: null } }, here)).toEqual({
      recorded: true,
    });
    const correction = { type: 'inject.followup', payload: { text: "No, that's wrong, I use Go now", chatId: null } };
    expect(await ok<{ injectionId: string | null }>(correction, there)).toMatchObject({ injectionId: null });
    expect(await ok<{ injectionId: string | null }>(correction, here)).toMatchObject({ injectionId: prepared.token });
  });
});
