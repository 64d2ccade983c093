/**
 * The spaces messages: the side panel lists and creates spaces (with counts); a chat page can
 * neither list nor create them, so a page cannot learn which spaces exist.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

describe('spaces messages', () => {
  it('creates spaces and lists them with how many memories each holds', async () => {
    const made = await route(
      { type: 'spaces.create', payload: { name: 'Work', description: 'Acme' } },
      extensionSender,
    );
    expect(made).toMatchObject({ ok: true, data: { name: 'Work', description: 'Acme', isolated: false } });
    const id = (made as { data: { id: string } }).data.id;
    await db.memories.bulkPut([
      memory({ content: 'Uses Jira at work' }, { id: 'a', space: id }),
      memory({ content: 'Lives in Chengdu' }, { id: 'b' }),
      memory({ content: 'Vegetarian' }, { id: 'c' }),
    ]);
    expect(await route({ type: 'spaces.list', payload: {} }, extensionSender)).toMatchObject({
      ok: true,
      data: { spaces: [{ id, name: 'Work', memories: 1 }], everywhere: 2 },
    });
  });

  it('refuses a name the rules refuse, with a clear error', async () => {
    const long = await route({ type: 'spaces.create', payload: { name: 'x'.repeat(61) } }, extensionSender);
    expect(long).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const blank = await route({ type: 'spaces.create', payload: { name: '   ' } }, extensionSender);
    expect(blank).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await db.spaces.count()).toBe(0);
  });

  it('answers no chat page', async () => {
    const page = contentSender('https://chatgpt.com/c/abc', 1);
    for (const type of ['spaces.list', 'spaces.create']) {
      const reply = await route({ type, payload: { name: 'Spy' } }, page);
      expect(reply).toMatchObject({ ok: false });
    }
    expect(await db.spaces.count()).toBe(0);
  });
});
