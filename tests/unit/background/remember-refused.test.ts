/**
 * A desktop tool's call refused for any reason (Desktop tools off, adding off, past chats off,
 * too many calls, an unknown space, text claude-mem holds, the privacy filter) through the real
 * router as the bridge's sender: nothing of a `remember`'s text or a search's query is stored
 * anywhere (no memory, no Activity line), and Activity says which tool, why, and how long.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, NATIVE_SENDER } from '../../../entrypoints/background/router';
import { ADD_OFF, TOOLS_OFF } from '../../../lib/bridge/errors';
import { CALLS_PER_MINUTE } from '../../../lib/bridge/limits';
import { db } from '../../../lib/db/db';
import { putMemories } from '../../../lib/db/memories';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const SECRET = 'My card is 4111 1111 1111 1111 and my password: hunter2-Orca';

const remember = (content: string, extra: object = {}) =>
  route({ type: 'tool.remember', payload: { client: 'Cursor', content, type: 'fact', ...extra } }, NATIVE_SENDER);
const setTools = (t: { enabled: boolean; allowAdd?: boolean }) =>
  route({ type: 'desktopTools.set', payload: { allowAdd: false, allowSiteScoped: false, ...t } }, extensionSender);

/** Everything the store holds, as one text: no refused word may be in it. */
async function storeText(): Promise<string> {
  const tables = await Promise.all(db.tables.map((t) => t.toArray()));
  return JSON.stringify(tables);
}

/**
 * The card's digits as written, not "4111" alone: that also turns up by chance in a record's
 * time in milliseconds or a random id, which is how this test once failed with nothing leaked.
 */
function expectNoFreeText(stored: string, text: string): void {
  for (const word of ['4111 1111', 'hunter2', 'Orca', 'Sunday chess'])
    if (text.includes(word)) expect(stored, word).not.toContain(word);
  if (text.includes('4111 1111')) expect(stored).not.toContain('4111111111111111');
}

describe('a refused call keeps nothing of its text', () => {
  it('a refused search keeps none of its words either (chats off, an unknown space)', async () => {
    await setTools({ enabled: true });
    const search = (tool: string, extra: object) =>
      route({ type: tool, payload: { client: 'Cursor', query: SECRET, ...extra } }, NATIVE_SENDER);
    expect(await search('tool.search_chats', {})).toMatchObject({ ok: false });
    expect(await search('tool.search_memories', { space: 'Orca team' })).toMatchObject({ ok: false });
    expectNoFreeText(await storeText(), SECRET);
    const calls = await db.toolCalls.toArray();
    expect(calls.map((c) => [c.tool, c.query, c.chars]).sort()).toEqual([
      ['search_chats', '', SECRET.length],
      ['search_memories', '', SECRET.length],
    ]);
  });

  it('tools off, adding off, too many calls, unknown space, already known, privacy filter', async () => {
    await putMemories([memory({ content: 'Plays Sunday chess' })]);
    dropIndex();
    const refusals: [string, string][] = [];
    expect(await remember(SECRET)).toMatchObject({ ok: false, error: { message: TOOLS_OFF } });
    refusals.push(['tools off', SECRET]);
    await setTools({ enabled: true });
    expect(await remember(SECRET)).toMatchObject({ ok: false, error: { message: ADD_OFF } });
    refusals.push(['adding off', SECRET]);
    await setTools({ enabled: true, allowAdd: true });
    expect(await remember(SECRET, { space: 'Orca team' })).toMatchObject({ ok: false });
    refusals.push(['unknown space', SECRET]);
    expect(await remember('Plays Sunday chess')).toMatchObject({ ok: true, data: { proposed: null } });
    refusals.push(['known', 'Plays Sunday chess']);
    expect(await remember(SECRET)).toMatchObject({ ok: true, data: { proposed: null } });
    refusals.push(['privacy', SECRET]);
    for (let i = 0; i < CALLS_PER_MINUTE; i++) await remember(`${SECRET} ${i}`);
    refusals.push(['too many', SECRET]);

    const stored = await storeText();
    for (const [, text] of refusals) expectNoFreeText(stored.replace('Plays Sunday chess', ''), text);
    expect(await db.memories.count()).toBe(1);
    const calls = await db.toolCalls.orderBy('at').toArray();
    const refused = calls.filter((c) => c.refused !== undefined);
    expect(refused.length).toBeGreaterThanOrEqual(refusals.length);
    for (const c of refused) {
      expect(c).toMatchObject({ tool: 'remember', query: '' });
      expect(c.space).toBeUndefined();
      expect(c.chars).toBeGreaterThan(0);
    }
  });
});
