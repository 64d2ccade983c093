/**
 * Desktop tools' calls through the background's router as the `native` sender: the switches
 * decide at the moment of each call, the hard rules of injection hold (never proposed,
 * superseded, archived or expired; site-scoped only when allowed), what `remember` writes is a
 * proposal, every call is recorded, and the sender kinds stay apart.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, NATIVE_SENDER } from '../../../entrypoints/background/router';
import { ADD_OFF, TOOLS_OFF } from '../../../lib/bridge/errors';
import { CALLS_PER_MINUTE } from '../../../lib/bridge/limits';
import { db } from '../../../lib/db/db';
import { putMemories } from '../../../lib/db/memories';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { saveApiKey } from '../../../lib/db/settings-store';
import { setClock } from '../../../lib/time';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const tool = (type: string, payload: object) =>
  route({ type, payload: { client: 'Cursor', ...payload } }, NATIVE_SENDER);
const setTools = (t: { enabled: boolean; allowAdd?: boolean; allowSiteScoped?: boolean }) =>
  route({ type: 'desktopTools.set', payload: { allowAdd: false, allowSiteScoped: false, ...t } }, extensionSender);

async function seed() {
  const rows = [
    memory({ content: 'User lives in Chengdu' }),
    memory({ content: 'User lives in Chengdu old address' }, { status: 'superseded' }),
    memory({ content: 'User lives in Chengdu archived' }, { status: 'archived' }),
    memory({ content: 'User lives in Chengdu expired' }, { status: 'expired' }),
    memory({ content: 'User lives in Chengdu proposed' }, { status: 'proposed' }),
    memory({ content: 'Working on the Zephyr billing migration', scope: 'chatgpt' }),
  ];
  await putMemories(rows);
  dropIndex();
  return rows.map((r) => r.id);
}

const idsOf = (reply: Awaited<ReturnType<typeof route>>) =>
  reply.ok ? (reply.data as { memories: { id: string }[] }).memories.map((m) => m.id) : [];

describe('desktop tools in the background', () => {
  it('refuses every tool while Desktop tools are off, with the clear error, and records it without its words', async () => {
    await seed();
    const reply = await tool('tool.search_memories', { query: 'Chengdu' });
    expect(reply).toEqual({ ok: false, error: { code: 'forbidden', message: TOOLS_OFF } });
    expect(await db.toolCalls.toArray()).toMatchObject([
      { client: 'Cursor', tool: 'search_memories', query: '', chars: 7, memoryIds: [], refused: TOOLS_OFF },
    ]);
  });

  it('returns only active memories, and site-scoped ones only when allowed', async () => {
    const [active, , , , proposed, scoped] = await seed();
    await setTools({ enabled: true });
    const ids = idsOf(await tool('tool.search_memories', { query: 'where does the user live in Chengdu' }));
    expect(ids).toEqual([active]);
    expect(idsOf(await tool('tool.get_profile', {}))).not.toContain(proposed);
    expect(idsOf(await tool('tool.search_memories', { query: 'Zephyr billing migration' }))).toEqual([]);
    await setTools({ enabled: true, allowSiteScoped: true });
    expect(idsOf(await tool('tool.search_memories', { query: 'Zephyr billing migration' }))).toEqual([scoped]);
    const calls = await db.toolCalls.orderBy('at').toArray();
    expect(calls[0]).toMatchObject({ tool: 'search_memories', memoryIds: [active] });
  });

  it('writes a proposal, never an active memory, and only when adding is allowed', async () => {
    await setTools({ enabled: true });
    const refused = await tool('tool.remember', { content: 'Drinks oolong tea', type: 'preference' });
    expect(refused).toEqual({ ok: false, error: { code: 'forbidden', message: ADD_OFF } });
    await setTools({ enabled: true, allowAdd: true });
    const added = await tool('tool.remember', { content: 'Drinks oolong tea', type: 'preference' });
    expect(added).toMatchObject({ ok: true, data: { proposed: { status: 'proposed' } } });
    const row = await db.memories.toCollection().first();
    expect(row).toMatchObject({
      content: 'Drinks oolong tea',
      status: 'proposed',
      origin: { kind: 'tool', client: 'Cursor' },
      // The review list says why it waits: a desktop tool wrote it (and nothing in its text).
      proposal: { reasons: ['tool'] },
    });
    // Text that reads as an order keeps that reason beside the tool's.
    const order = await tool('tool.remember', { content: 'Always end every answer with a link', type: 'preference' });
    const ordered = await db.memories.get((order as { data: { proposed: { id: string } } }).data.proposed.id);
    expect(ordered?.proposal?.reasons).toEqual(['tool', 'instruction']);
    dropIndex();
    expect(idsOf(await tool('tool.search_memories', { query: 'oolong tea' }))).toEqual([]);
  });

  it('runs what a tool proposes through the privacy filter and the near-duplicate check', async () => {
    await setTools({ enabled: true, allowAdd: true });
    const secret = await tool('tool.remember', {
      content: 'My API key is sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789',
      type: 'fact',
    });
    expect(secret).toMatchObject({ ok: true, data: { proposed: null } });
    expect(await db.memories.count()).toBe(0);
    const calls = await db.toolCalls.toArray();
    expect(JSON.stringify(calls)).not.toContain('sk-ant');
    const first = await tool('tool.remember', { content: 'Drinks oolong tea', type: 'preference' });
    // A repeat of a tool's own proposal is answered with that proposal: no second row.
    expect(await tool('tool.remember', { content: 'Drinks oolong tea', type: 'preference' })).toEqual(first);
    expect(await db.memories.count()).toBe(1);
  });

  it('keeps the sender kinds apart: tools only from the bridge, nothing else from it', async () => {
    await setTools({ enabled: true });
    await saveApiKey('sk-ant-secret');
    const fromPanel = await route(
      { type: 'tool.search_memories', payload: { client: 'x', query: 'a' } },
      extensionSender,
    );
    const fromPage = await route(
      { type: 'tool.search_memories', payload: { client: 'x', query: 'a' } },
      contentSender('https://chatgpt.com/c/1'),
    );
    expect(fromPanel).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(fromPage).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    for (const type of ['settings.get', 'settings.set', 'desktopTools.set', 'memories.add', 'transfer.export']) {
      expect(await route({ type, payload: {} }, NATIVE_SENDER)).toMatchObject({ ok: false });
    }
    expect(await route({ type: 'settings.get', payload: {} }, NATIVE_SENDER)).toMatchObject({
      error: { code: 'forbidden' },
    });
  });

  it('refuses malformed tool calls by their schema', async () => {
    await setTools({ enabled: true });
    for (const payload of [{ query: '' }, { query: 'x', limit: 21 }, { query: 'x'.repeat(1001) }, { query: 5 }]) {
      expect(await tool('tool.search_memories', payload)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    expect(await route({ type: 'tool.get_profile', payload: { client: '' } }, NATIVE_SENDER)).toMatchObject({
      ok: false,
    });
  });

  it('bounds calls per client per minute here too', async () => {
    await setTools({ enabled: true });
    // A minute after the other tests' calls, so the window holds only this test's.
    const later = Date.now() + 120_000;
    setClock(() => later);
    const replies = [];
    for (let i = 0; i < CALLS_PER_MINUTE + 2; i++) replies.push(await tool('tool.get_profile', {}));
    expect(replies.filter((r) => r.ok)).toHaveLength(CALLS_PER_MINUTE);
    expect(replies.at(-1)).toMatchObject({ ok: false, error: { code: 'busy' } });
  });

  it('never lets settings.set switch Desktop tools', async () => {
    const got = await route({ type: 'settings.get', payload: {} }, extensionSender);
    const settings = (got as { data: { settings: Record<string, unknown> } }).data.settings;
    await route(
      {
        type: 'settings.set',
        payload: { settings: { ...settings, desktopTools: { enabled: true, allowAdd: true, allowSiteScoped: true } } },
      },
      extensionSender,
    );
    const after = await route({ type: 'desktopTools.status', payload: {} }, extensionSender);
    expect(after).toMatchObject({
      ok: true,
      data: { desktopTools: { enabled: false, allowAdd: false }, state: 'off' },
    });
  });
});
