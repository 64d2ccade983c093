/**
 * The Chats view's space filter through the real router: a space's chats, chats in no space,
 * or all; each listed chat and search result carries its space.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { markHistoryDirty } from '../../../lib/db/history-index';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import type { Reply } from '../../../lib/protocol/define';
import { chat, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

async function ok<T>(reply: Promise<Reply<unknown>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data as T;
}

const turn = (text: string) => [{ role: 'user' as const, text, at: '2026-11-30T00:00:00.000Z' }];

async function setup() {
  await db.chats.bulkPut([
    chat('chatgpt:w', { space: 'sp-work', spaceBy: 'choice', turns: turn('the kiln budget for work') }),
    chat('chatgpt:h', { space: 'sp-home', spaceBy: 'site', turns: turn('the kiln at home') }),
    chat('chatgpt:n', { turns: turn('a kiln somewhere') }),
  ]);
  await markHistoryDirty(['chatgpt:w', 'chatgpt:h', 'chatgpt:n']);
  await keepHistoryIndexed();
}

type Listed = { total: number; items: { chatId: string; space?: string }[] };
type Found = { results: { chatId: string; space?: string }[] };

describe('chats by space', () => {
  it('lists all, one space, or no space, each with its space', async () => {
    await setup();
    const list = (extra: object) =>
      ok<Listed>(route({ type: 'history.list', payload: { offset: 0, limit: 10, ...extra } }, extensionSender));
    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.items.find((c) => c.chatId === 'chatgpt:w')?.space).toBe('sp-work');
    expect(all.items.find((c) => c.chatId === 'chatgpt:n')).not.toHaveProperty('space');
    expect((await list({ space: 'sp-work' })).items.map((c) => c.chatId)).toEqual(['chatgpt:w']);
    expect((await list({ space: null })).items.map((c) => c.chatId)).toEqual(['chatgpt:n']);
  });

  it('searches within a space', async () => {
    await setup();
    const find = (extra: object) =>
      ok<Found>(route({ type: 'history.search', payload: { query: 'kiln', ...extra } }, extensionSender));
    expect((await find({})).results).toHaveLength(3);
    const home = await find({ space: 'sp-home' });
    expect(home.results.map((r) => [r.chatId, r.space])).toEqual([['chatgpt:h', 'sp-home']]);
    expect((await find({ space: null })).results.map((r) => r.chatId)).toEqual(['chatgpt:n']);
  });
});
