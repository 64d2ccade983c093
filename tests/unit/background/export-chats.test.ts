/**
 * What the memory JSON export holds of captured chats, through the real router: by default the
 * chats with their summaries and no message text; with chat history ticked every turn, word for
 * word. Importing a file without turns never empties a chat the store already has.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { recordCapture } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { listJobs } from '../../../lib/db/jobs';
import { saveApiKey } from '../../../lib/db/settings-store';
import type { Chat } from '../../../lib/memory/types';
import type { Reply } from '../../../lib/protocol/define';
import { setClock } from '../../../lib/time';
import { extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const T0 = '2026-11-20T08:00:00.000Z';
const ASKED = 'My landlord in 成都 raised the rent to ¥4,300 — can I refuse?';
const ANSWERED = 'Under the lease you signed in March, a rise needs 30 days’ written notice.';
const SUMMARY = 'Rent dispute in Chengdu; lease signed in March.';

async function ok<T>(reply: Promise<Reply<unknown>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data as T;
}

const exported = async (payload: object = {}) =>
  (await ok<{ text: string }>(route({ type: 'transfer.export', payload }, extensionSender))).text;
const imported = (text: string) =>
  ok<{ chats: number }>(route({ type: 'transfer.import', payload: { text } }, extensionSender));

/** A chat captured on a page and extracted (its summary written), as the store holds it. */
async function capturedChat(): Promise<Chat> {
  setClock(() => Date.parse(T0));
  const captured = await recordCapture({
    site: 'chatgpt',
    conversationId: 'rent-1',
    url: 'https://chatgpt.com/c/rent-1',
    title: 'Rent',
    turns: [
      { role: 'user', text: ASKED },
      { role: 'assistant', text: ANSWERED },
    ],
  });
  if (!captured) throw new Error('capture refused');
  await db.chats.update(captured.id, { state: 'finished', summary: SUMMARY, extractedVersion: captured.version });
  const stored = await db.chats.get(captured.id);
  if (!stored) throw new Error('chat not stored');
  return stored;
}

const clearAll = () => Promise.all(db.tables.map((t) => t.clear()));

afterEach(() => setClock(null));

describe('the memory JSON export and captured chats', () => {
  it('by default holds each chat with its summary and none of its messages, and never the key', async () => {
    await saveApiKey('sk-ant-api03-abcdefghijklmnop');
    const chat = await capturedChat();
    const text = await exported();
    expect(text).not.toContain(ASKED);
    expect(text).not.toContain(ANSWERED);
    expect(text).not.toContain('sk-ant');
    const doc = JSON.parse(text) as { chats: Chat[]; settings: object };
    expect(doc.chats).toEqual([{ ...chat, turns: [] }]);
    expect(doc.settings).toHaveProperty('model');
  });

  it('with chat history ticked holds every turn word for word, and round-trips exactly', async () => {
    const chat = await capturedChat();
    const first = await exported({ chatHistory: true });
    expect(JSON.parse(first).chats).toEqual([chat]);
    await clearAll();
    await imported(first);
    // Imported chats are history: finished, already extracted, marked as from a file.
    const second = await exported({ chatHistory: true });
    expect(JSON.parse(second).chats).toEqual([{ ...chat, origin: 'imported' }]);
    await clearAll();
    await imported(second);
    expect(await exported({ chatHistory: true })).toBe(second);
    expect(await listJobs()).toEqual([]);
  });

  it('importing a file without turns keeps the turns of the chat the store has', async () => {
    const chat = await capturedChat();
    const summaryOnly = await exported();
    await db.chats.update(chat.id, { summary: '' });
    const report = await imported(summaryOnly);
    expect(report.chats).toBe(0);
    expect(await db.chats.get(chat.id)).toEqual({ ...chat, summary: '' });
    expect(await listJobs()).toEqual([]);
  });

  it('imports a file without turns into an empty store as history: finished, never queued', async () => {
    const chat = await capturedChat();
    const summaryOnly = await exported();
    await clearAll();
    expect(await imported(summaryOnly)).toMatchObject({ chats: 1 });
    expect(await db.chats.get(chat.id)).toEqual({
      ...chat,
      turns: [],
      origin: 'imported',
      importedAt: expect.any(String),
    });
    expect(await listJobs()).toEqual([]);
  });
});
