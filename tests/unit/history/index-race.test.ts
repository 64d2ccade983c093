/**
 * A batch's terms are counted outside any transaction, so a chat can change between the
 * planning and the writing: the batch must then not store what it planned from the old text.
 * Each case changes the chat in that gap and checks search gives what the chat now holds.
 */
import { describe, expect, it } from 'vitest';
import { deleteChats } from '../../../lib/db/chat-delete';
import { excludeChat, recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { storeImported } from '../../../lib/db/history-import';
import { indexPending } from '../../../lib/db/history-index';
import { searchHistory } from '../../../lib/db/history-search';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';

const capture = (id: string, texts: string[]) =>
  recordCapture({
    site: 'claude',
    conversationId: id,
    url: `https://claude.ai/chat/${id}`,
    title: id,
    turns: texts.map((text, i) => ({ role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), text })),
  });

const ids = async (query: string) => (await searchHistory({ query })).results.map((r) => r.chatId);

describe('a chat that changes while its batch is planned', () => {
  it('is indexed as it is now when its text was edited in the gap', async () => {
    await capture('a', ['the walrus sleeps on ice']);
    await indexPending(200, 4_000_000, () => capture('a', ['the pelican dives for fish']));
    await keepHistoryIndexed();
    expect(await ids('walrus')).toEqual([]);
    expect(await ids('pelican')).toEqual(['claude:a']);
  });

  it('gets its new turns when it grew in the gap', async () => {
    await capture('b', ['the walrus sleeps on ice']);
    await indexPending(200, 4_000_000, () => capture('b', ['the walrus sleeps on ice', 'a narwhal swims past']));
    await keepHistoryIndexed();
    expect(await ids('narwhal')).toEqual(['claude:b']);
    expect(await ids('walrus')).toEqual(['claude:b']);
  });

  it('stays out of search when it was deleted or forgotten in the gap', async () => {
    await capture('c', ['the walrus sleeps on ice']);
    await capture('d', ['a walrus colony on the beach']);
    await indexPending(200, 4_000_000, async () => {
      await deleteChats(['claude:c']);
      await excludeChat('claude', 'd', 'https://claude.ai/chat/d');
    });
    await keepHistoryIndexed();
    expect(await ids('walrus')).toEqual([]);
    expect(await db.hchats.count()).toBe(0);
  });
});

describe('while a large batch is indexed', () => {
  it('a search is answered before the batch is written', async () => {
    const words = 'walrus pelican narwhal heron otter seal puffin gannet tern kittiwake'.split(' ');
    await storeImported(
      Array.from({ length: 120 }, (_, c) => ({
        site: 'chatgpt' as const,
        conversationId: `big-${c}`,
        title: `big ${c}`,
        url: `https://chatgpt.com/c/big-${c}`,
        createdAt: null,
        updatedAt: null,
        turns: Array.from({ length: 6 }, (_, i) => ({
          role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
          text: Array.from(
            { length: 300 },
            (_, w) => `${words[(c + i + w) % words.length]}${w % 50} 学习计划${w}`,
          ).join(' '),
          at: null,
        })),
      })),
    );
    let indexedAt = 0;
    const indexing = indexPending().then(() => {
      indexedAt = performance.now();
    });
    await searchHistory({ query: 'walrus' });
    const answeredAt = performance.now();
    await indexing;
    expect(indexedAt).toBeGreaterThan(0);
    expect(answeredAt).toBeLessThan(indexedAt);
  });
});
