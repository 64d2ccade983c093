/**
 * Chat history through sync: off by default (nothing of a chat is staged, only exclusions),
 * on it carries finished chats sealed in bounded parts; on arrival a chat is written finished,
 * listed for this device's index and never queued; its address is checked; its provenance
 * is what it was; "don't remember" wins on every device, against a device still holding the
 * chat and against a replay; deletions travel.
 */
import { describe, expect, it } from 'vitest';
import { deleteChats } from '../../../lib/db/chat-delete';
import { excludeChat } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { searchHistory } from '../../../lib/db/history-search';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { sentHere } from '../../../lib/db/sends';
import { productChatOps } from '../../../lib/db/sync-chat-ops';
import type { Chat } from '../../../lib/memory/types';
import { decodeDoc, MAX_SEALED_CHARS } from '../../../lib/sync/codec';
import { PARAMS_ID } from '../../../lib/sync/params';
import { chat } from './chat-fixture';
import { Device, sharedKeys, twoDevices } from './devices';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T11:00:00.000Z';
const T2 = '2026-11-01T12:00:00.000Z';

/** A (its own store) and B (the product's store, where search and "don't remember" run as in the extension). */
async function devices() {
  const { a, remote } = await twoDevices();
  const { keys } = await sharedKeys();
  const b = new Device('b-product', keys, remote, db, productChatOps);
  a.travel = { ...a.travel, chats: true };
  b.travel = { ...b.travel, chats: true };
  return { a, b, remote };
}

async function opened(remote: { allDocs(o: object): Promise<{ rows: { doc?: unknown }[] }> }) {
  const { keys } = await sharedKeys();
  const rows = (await remote.allDocs({ include_docs: true })).rows.map((r) => r.doc as Record<string, unknown>);
  const docs = [];
  for (const raw of rows.filter((d) => d._id !== PARAMS_ID)) {
    const d = await decodeDoc(keys, raw);
    if (d.ok) docs.push(d.doc);
  }
  return { raw: rows, docs };
}

type Dump = { allDocs(o: object): Promise<{ rows: { id: string; value: { rev: string }; doc?: unknown }[] }> };

const found = async (query: string) => (await searchHistory({ query })).results.map((r) => r.chatId);

describe('chat history through sync', () => {
  it('stages nothing of a chat while the switch is off (the default), and B takes nothing', async () => {
    const { a, b, remote } = await twoDevices();
    expect(a.travel.chats).toBe(false);
    await a.db.chats.put(chat('chatgpt:off-1', 'quiet harbour at dawn'));
    await a.round();
    const { docs } = await opened(remote as never);
    expect(docs.map((d) => d.k).sort()).toEqual(['d', 'r', 'r', 'r', 'r']);
    b.travel = { ...b.travel, chats: true };
    await b.round();
    expect(await b.db.chats.count()).toBe(0);
    // Switched on at A later, with no change to the chat since: it goes all the same.
    a.travel = { ...a.travel, chats: true };
    await a.round();
    await b.round();
    expect((await b.db.chats.get('chatgpt:off-1'))?.turns[0]?.text).toBe('quiet harbour at dawn');
  });

  it('carries a 600,000-character chat sealed in bounded parts; B writes it finished, indexes it itself, never queues it', async () => {
    const { a, b, remote } = await devices();
    // Six messages at the capture bound (100,000 characters each, 600,000 in all: the chat bound),
    // in Chinese (3 bytes each in UTF-8) with line breaks, quotes and control characters (escaped).
    const body = (i: number) =>
      `${i}海港${'\u0001\n"'.repeat(10)}${'港口的清晨很安静。'.repeat(11_200)}`.slice(0, 100_000);
    const big = chat('chatgpt:big-1', '');
    big.turns = [0, 1, 2, 3, 4, 5].map((i) => ({ role: i % 2 ? 'assistant' : 'user', text: body(i), at: T0 }));
    big.turns[0]!.text = `walrus ${big.turns[0]!.text}`.slice(0, 100_000);
    expect(big.turns.reduce((n, t) => n + t.text.length, 0)).toBe(600_000);
    await a.db.chats.put(big);
    await a.round();

    const { raw, docs } = await opened(remote as never);
    for (const d of raw) if (d._id !== PARAMS_ID) expect((d.ct as string).length).toBeLessThanOrEqual(MAX_SEALED_CHARS);
    expect(docs.filter((d) => d.k === 't').length).toBeGreaterThan(5);
    const text = JSON.stringify(raw);
    for (const secret of ['walrus', '港口', 'Harbour', 'big-1', 'chatgpt.com'])
      expect(text, secret).not.toContain(secret);

    await b.round();
    const got = await db.chats.get(big.id);
    expect(got?.turns).toEqual(big.turns);
    expect(got).toMatchObject({ state: 'finished', summary: big.summary, title: big.title });
    expect(got?.origin).toBeUndefined();
    expect(await db.hdirty.get(big.id)).toEqual({ id: big.id });
    expect(await db.hchats.count()).toBe(0);
    expect(await db.jobs.count()).toBe(0);
    await keepHistoryIndexed();
    expect(await found('walrus')).toEqual([big.id]);
    expect(await found('"港口的清晨"')).toEqual([big.id]);
  }, 30_000); // sealing and indexing 600,000 characters takes seconds on a loaded machine

  it('keeps provenance through the trip: an import stays imported, turn times and models stay, and nothing counts as sent on B', async () => {
    const { a, b } = await devices();
    const imported = chat('claude:imp-1', 'kelp forest notes', {
      origin: 'imported',
      extractedVersion: 0,
      importedAt: T2,
    });
    const captured = chat('chatgpt:cap-1', 'tide tables', { extractedVersion: 0 });
    await a.db.chats.bulkPut([imported, captured]);
    await a.round();
    await b.round();
    const [i, c] = await db.chats.bulkGet([imported.id, captured.id]);
    // The day it was brought in travels: B counts "Keep chat history" from it as A does.
    expect(i).toMatchObject({ origin: 'imported', turns: imported.turns, extractedVersion: 0, importedAt: T2 });
    expect(c?.origin).toBeUndefined();
    expect(c?.turns).toEqual(captured.turns);
    expect(await sentHere(c as Chat)).toBe(false);
    // Waiting for extraction on A; B never queues it (A extracts; its memories travel).
    expect(await db.jobs.count()).toBe(0);

    // A captured chat here is never replaced by another device's import of the same conversation.
    const mine = chat('claude:both-1', 'my own capture', { updatedAt: T0 });
    await db.chats.put(mine);
    await a.db.chats.put(chat('claude:both-1', 'their import', { origin: 'imported', updatedAt: T1 }));
    await a.round();
    await b.round();
    expect((await db.chats.get(mine.id))?.turns[0]?.text).toBe('my own capture');
  });

  it('drops a forged or odd chat address on arrival, as history import does', async () => {
    const { a, b } = await devices();
    const urls = [
      'javascript:alert(1)',
      'https://chatgpt.com.evil.example/c/1',
      'https://user@chatgpt.com/c/1',
      'data:text/html,x',
    ];
    await a.db.chats.bulkPut(urls.map((url, i) => chat(`chatgpt:odd-${i}`, `odd ${i}`, { url })));
    await a.db.chats.put(chat('chatgpt:good-1', 'fine'));
    await a.round();
    await b.round();
    for (const i of urls.keys()) expect((await db.chats.get(`chatgpt:odd-${i}`))?.url).toBe('');
    expect((await db.chats.get('chatgpt:good-1'))?.url).toBe('https://chatgpt.com/c/good-1');
  });

  it('"don\'t remember" wins everywhere: against a device still holding the chat and against a replay from the server', async () => {
    const { a, b, remote } = await devices();
    const x = chat('chatgpt:secret-1', 'narwhal tusk appointment');
    await a.db.chats.put(x);
    await a.round();
    await b.round();
    expect((await db.chats.get(x.id))?.turns.length).toBe(2);
    const server = remote as never as Dump;
    const before = (await server.allDocs({ include_docs: true })).rows.map((r) => r.doc as Record<string, unknown>);

    await excludeChat('chatgpt', 'secret-1', x.url);
    await b.round();
    // A still holds the chat and changes it before it hears of the exclusion.
    await a.db.chats.put({
      ...x,
      turns: [...x.turns, { role: 'user', text: 'narwhal again', at: T2 }],
      version: 2,
      updatedAt: T2,
    });
    await a.round();
    expect(await a.db.chats.get(x.id)).toMatchObject({ state: 'excluded', turns: [] });
    await b.round();
    expect(await db.chats.get(x.id)).toMatchObject({ state: 'excluded', turns: [] });
    const after = await opened(remote as never);
    expect(JSON.stringify(after.docs)).not.toContain('narwhal');

    // The server replays the chat's old documents as new revisions; then again after the user
    // also deleted the forgotten chat from the list here (only the tombstone is left of it).
    const replay = async () => {
      const now = new Map((await server.allDocs({})).rows.map((r) => [r.id, r.value.rev]));
      for (const old of before.filter((d) => d._id !== PARAMS_ID)) {
        const { _rev: _old, ...body } = old;
        await remote.put({ ...body, ...(now.has(old._id as string) ? { _rev: now.get(old._id as string) } : {}) });
      }
    };
    await replay();
    await b.round();
    expect(await db.chats.get(x.id)).toMatchObject({ state: 'excluded', turns: [] });
    // B deleted the replayed copy from the server too.
    expect(JSON.stringify((await opened(remote as never)).docs)).not.toContain('narwhal');
    await deleteChats([x.id]);
    await replay();
    await b.round();
    expect((await db.chats.get(x.id))?.turns ?? []).toEqual([]);
    await keepHistoryIndexed();
    expect(await found('narwhal')).toEqual([]);
    // A new device with chat history on takes the exclusion, not the replayed chat.
    const { keys } = await sharedKeys();
    const c = new Device('c', keys, remote);
    c.travel = { ...c.travel, chats: true };
    await c.round();
    expect(await c.db.chats.get(x.id)).toMatchObject({ state: 'excluded', turns: [] });
  });

  it('sends exclusions even with chat history off, and applies them on a device with it off', async () => {
    const { a, b } = await devices();
    a.travel = { ...a.travel, chats: false };
    b.travel = { ...b.travel, chats: false };
    await db.chats.put(chat('chatgpt:both-2', 'private lighthouse'));
    await a.db.chats.put(chat('chatgpt:both-2', 'private lighthouse'));
    await excludeChat('chatgpt', 'both-2', '');
    await b.round();
    await a.round();
    expect(await a.db.chats.get('chatgpt:both-2')).toMatchObject({ state: 'excluded', turns: [] });
  });

  it('carries deletions as tombstones; switched off, new chats stay here and the ones sent stay on the server', async () => {
    const { a, b, remote } = await devices();
    await db.chats.bulkPut([chat('chatgpt:del-1', 'seagull ledger'), chat('chatgpt:keep-1', 'otter ledger')]);
    await b.round();
    await a.round();
    expect(await a.db.chats.count()).toBe(2);
    await deleteChats(['chatgpt:del-1']);
    await b.round();
    await a.round();
    expect(await a.db.chats.get('chatgpt:del-1')).toBeUndefined();
    expect(await a.db.chats.get('chatgpt:keep-1')).toBeDefined();

    b.travel = { ...b.travel, chats: false };
    await db.chats.put(chat('chatgpt:new-1', 'pelican ledger'));
    await b.round();
    await a.round();
    expect(await a.db.chats.get('chatgpt:new-1')).toBeUndefined();
    const { docs } = await opened(remote as never);
    expect(docs.filter((d) => d.k === 'c').map((d) => d.id)).toEqual(['c:chatgpt:keep-1']);
  });

  it('turned on later, takes the chats that arrived while it was off', async () => {
    const { a, b } = await devices();
    b.travel = { ...b.travel, chats: false };
    await a.db.chats.put(chat('chatgpt:late-1', 'puffin colony'));
    await a.round();
    await b.round();
    expect(await db.chats.count()).toBe(0);
    b.travel = { ...b.travel, chats: true };
    await b.round();
    expect((await db.chats.get('chatgpt:late-1'))?.turns[0]?.text).toBe('puffin colony');
    await keepHistoryIndexed();
    expect(await found('puffin')).toEqual(['chatgpt:late-1']);
  });

  it('sends a chat again only when it changed, with new parts and the old ones deleted', async () => {
    const { a, b, remote } = await devices();
    const c1 = chat('chatgpt:grow-1', 'heron');
    await a.db.chats.put(c1);
    await a.round();
    const idle = await a.round();
    expect(idle.staged).toEqual([]);
    await a.db.chats.put({
      ...c1,
      turns: [...c1.turns, { role: 'user', text: 'egret', at: T1 }],
      version: 2,
      updatedAt: T1,
    });
    await a.round();
    await b.round();
    expect((await db.chats.get(c1.id))?.turns.map((t) => t.text)).toEqual(['heron', 'Answer about heron', 'egret']);
    const { docs } = await opened(remote as never);
    expect(docs.filter((d) => d.k === 't')).toHaveLength(1);
  });
});
